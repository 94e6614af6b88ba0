// The documents the platform generates for the transfer chain (issue 11), on the shared layout
// of ./base.ts: the doubt-clearing letter (« lettre de levée de doute »), the pre-contract and
// the transfer contract (« contrat de cession de terres excavées ») with the mentions the arrêté
// du 4 juin 2021 asks of it (parties with SIRET, lot, origin parcels, volumes, waste codes,
// quality class, receiving use, dates; reference /work/shared/reference/soil-regulation.md §2).
// Texts are ours (French); vocabulary labels come from the domain.
import {
  describePriceBalance,
  formatCubicMetres,
  formatKilometres,
  formatParcelId,
  QUALITY_CLASS_LABELS,
  qualityClassOf,
  RECEIVING_USE_LABELS,
  statusLabel,
  typeLabel,
  WASTE_CODE_LABELS,
  wasteCodeOf,
  type MatchResult,
  type ReceivingUse,
} from '@terres/domain';
import type { StoredMaterial } from '../db/schema.js';
import type { InquiryRow } from '../services/inquiries.js';
import { COLOR_MUTED, COLOR_TEXT, createPdf, date, finishPdf, FONT, FONT_BOLD, keyValues, MARGIN, number, pdfText, sectionTitle, type Pdf } from './base.js';

/** An organisation as the documents name it. */
export interface PartyOrganization {
  name: string;
  legalForm: string;
  registrationNumber: string;
  street: string;
  postcode: string;
  city: string;
  representativeFirstName: string | null;
  representativeLastName: string | null;
  representativePosition: string | null;
}

export interface Party {
  listing: InquiryRow;
  organization: PartyOrganization;
}

const NOT_GIVEN = 'Non renseigné';
const orDash = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : NOT_GIVEN);

function address(street: string | null, postcode: string | null, city: string | null): string {
  const line = [street, [postcode, city].filter(Boolean).join(' ')].filter((part) => part && part.trim() !== '').join(', ');
  return orDash(line);
}

function paragraph(doc: Pdf, text: string): void {
  doc.moveDown(0.4).font(FONT).fontSize(10).fillColor(COLOR_TEXT).text(pdfText(text), MARGIN, undefined, { align: 'justify', width: doc.page.width - 2 * MARGIN });
}

function title(doc: Pdf, text: string, subtitle: string): void {
  doc.font(FONT_BOLD).fontSize(16).fillColor(COLOR_TEXT).text(pdfText(text), MARGIN);
  doc.moveDown(0.2).font(FONT).fontSize(10).fillColor(COLOR_MUTED).text(pdfText(subtitle));
  doc.fillColor(COLOR_TEXT);
}

/** Column table that continues on the next page with its titles. */
function table(doc: Pdf, columns: { label: string; width: number; align?: 'left' | 'right' }[], rows: string[][]): void {
  const header = columns.map((c) => c.label);
  const draw = (cells: string[], bold: boolean) => {
    doc.font(bold ? FONT_BOLD : FONT).fontSize(9);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(pdfText(cell), { width: columns[i]!.width - 6 })));
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold) draw(header, true);
      doc.font(bold ? FONT_BOLD : FONT).fontSize(9);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.text(pdfText(cell), x, y, { width: columns[i]!.width - 6, align: columns[i]!.align ?? 'left' });
      x += columns[i]!.width;
    });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  };
  draw(header, true);
  for (const row of rows) draw(row, false);
  doc.font(FONT).fontSize(10);
}

function organizationLines(organization: PartyOrganization): [string, string][] {
  const representative = [organization.representativeFirstName, organization.representativeLastName].filter(Boolean).join(' ');
  return [
    ['Raison sociale', `${organization.name} (${organization.legalForm})`],
    ['SIRET', organization.registrationNumber],
    ['Siège', address(organization.street, organization.postcode, organization.city)],
    ['Représentée par', representative ? `${representative}${organization.representativePosition ? `, ${organization.representativePosition}` : ''}` : NOT_GIVEN],
  ];
}

function projectOwnerLines(listing: InquiryRow): [string, string][] {
  return [
    ["Maître d'ouvrage", orDash([listing.projectOwnerFirstName, listing.projectOwnerLastName].filter(Boolean).join(' '))],
    ["SIRET du maître d'ouvrage", orDash(listing.projectOwnerSiret)],
    ["Adresse du maître d'ouvrage", address(listing.projectOwnerStreet, listing.projectOwnerPostcode, listing.projectOwnerCity)],
  ];
}

function siteLines(listing: InquiryRow): [string, string][] {
  const coordinates =
    listing.siteLatitude !== null && listing.siteLongitude !== null ? `${listing.siteLatitude.toFixed(6)} ${listing.siteLongitude.toFixed(6)} (WGS 84)` : NOT_GIVEN;
  return [
    ['Projet', listing.projectName],
    ['Adresse du site', orDash(listing.siteAddress)],
    ['Coordonnées', coordinates],
    ['Parcelles cadastrales', listing.parcelNumbers.length > 0 ? listing.parcelNumbers.map((id) => formatParcelId(id)).join(', ') : NOT_GIVEN],
    ['Disponibilité', listing.startDate && listing.endDate ? `du ${date(listing.startDate)} au ${date(listing.endDate)}` : NOT_GIVEN],
  ];
}

function classLabel(line: StoredMaterial): string {
  return QUALITY_CLASS_LABELS[qualityClassOf(line)].label;
}

function codeLabel(line: StoredMaterial): string {
  const code = wasteCodeOf(line);
  return code ? `${code} – ${WASTE_CODE_LABELS[code].label}` : NOT_GIVEN;
}

function useLabel(use: string | null): string {
  return use && use in RECEIVING_USE_LABELS ? RECEIVING_USE_LABELS[use as ReceivingUse].label : 'Usage non précisé (terres inertes uniquement)';
}

function signatures(doc: Pdf, left: string, right: string): void {
  doc.moveDown(2);
  const y = doc.y;
  const width = (doc.page.width - 2 * MARGIN) / 2 - 10;
  if (y + 90 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  doc.font(FONT_BOLD).fontSize(10).text(pdfText(left), MARGIN, top, { width });
  doc.font(FONT).fontSize(9).fillColor(COLOR_MUTED).text('Date, nom, qualité et signature', MARGIN, undefined, { width });
  doc.fillColor(COLOR_TEXT).font(FONT_BOLD).fontSize(10).text(pdfText(right), MARGIN + width + 20, top, { width });
  doc.font(FONT).fontSize(9).fillColor(COLOR_MUTED).text('Date, nom, qualité et signature', MARGIN + width + 20, undefined, { width });
  doc.fillColor(COLOR_TEXT);
  doc.x = MARGIN;
  doc.y = top + 90;
}

/**
 * The doubt-clearing letter: the platform's reading of the listing's documents before any
 * transfer (TERRASS's first step, « levée de doute »): what was declared, the quality of each
 * line, and what remains to check.
 */
export async function doubtClearingLetterPdf(party: Party, issuedOn: Date): Promise<Buffer> {
  const { listing, organization } = party;
  const doc = createPdf({ title: `Lettre de levée de doute – ${listing.projectName}`, headerLabel: 'Lettre de levée de doute' });
  doc.font(FONT).fontSize(10).text(pdfText(organization.name), { align: 'right' });
  doc.text(pdfText(address(organization.street, organization.postcode, organization.city)), { align: 'right' });
  doc.moveDown(0.5).text(`Le ${date(issuedOn)}`, { align: 'right' });
  doc.moveDown(1);
  title(doc, 'Lettre de levée de doute', `Annonce de ${typeLabel(listing.type).toLowerCase()} « ${listing.projectName} » · référence ${listing.id}`);

  paragraph(doc, 'Madame, Monsieur,');
  paragraph(
    doc,
    `L'équipe Bourse aux terres a examiné votre annonce « ${listing.projectName} » et les documents déposés (autorisation ` +
      "d'urbanisme, étude de sol ou délégation de l'étude à la plateforme). Cette levée de doute est la première étape de la " +
      'démarche de valorisation hors site des terres excavées : elle précise ce qui est connu de la qualité des terres, ' +
      'quel guide de valorisation d’avril 2020 s’applique et ce qui reste à vérifier avant tout transfert.',
  );

  sectionTitle(doc, 'Site');
  keyValues(doc, [...siteLines(listing), ...projectOwnerLines(listing)]);

  const lines = listing.materials;
  const classes = lines.map((line) => qualityClassOf(line));
  if (listing.type === 'CUT') {
    sectionTitle(doc, 'Terres déclarées');
    if (lines.length === 0) paragraph(doc, "Composition inconnue : l'équipe de la plateforme réalisera les analyses nécessaires.");
    else
      table(
        doc,
        [
          { label: 'Matériau', width: 130 },
          { label: 'Volume', width: 70, align: 'right' },
          { label: 'Classe de qualité', width: 150 },
          { label: 'Code déchet', width: 145 },
        ],
        lines.map((line) => [`${line.materialName} – ${line.groundComposition}`, formatCubicMetres(line.quantity), classLabel(line), codeLabel(line)]),
      );
    sectionTitle(doc, 'Conclusion');
    if (lines.length > 0 && classes.every((c) => c === 'INERT_NATURAL_BACKGROUND')) {
      paragraph(
        doc,
        'Les informations fournies ne font apparaître aucun indice de pollution : les terres déclarées sont cohérentes avec le ' +
          'fond géochimique naturel local et relèvent du guide de valorisation des terres excavées non issues de sites et sols ' +
          'pollués. Elles peuvent être proposées à tout usage du site receveur.',
      );
    } else if (classes.some((c) => c === 'UNKNOWN') || lines.length === 0) {
      paragraph(
        doc,
        'La qualité de tout ou partie des terres n’est pas encore caractérisée : une analyse est nécessaire avant tout transfert. ' +
          'Les mises en relation proposées d’ici là porteront la mention « qualité à vérifier ».',
      );
    } else {
      paragraph(
        doc,
        'Les terres déclarées ne sont pas toutes dans le fond géochimique naturel : leur valorisation suit les valeurs-seuils ' +
          'des guides d’avril 2020 pour les usages compatibles du site receveur, et une étude au cas par cas pour les lignes qui ' +
          'l’exigent. Seuls les sites receveurs acceptant ces classes vous seront proposés.',
      );
    }
  } else {
    sectionTitle(doc, 'Terres acceptées');
    keyValues(doc, [
      ['Usage du site receveur', useLabel(listing.receivingUse)],
      [
        'Classes de qualité acceptées',
        listing.acceptedQualityClasses.length > 0 ? listing.acceptedQualityClasses.map((c) => QUALITY_CLASS_LABELS[qualityClassOf({ qualityClass: c })].label).join(' ; ') : NOT_GIVEN,
      ],
      ['Codes déchet acceptés', listing.acceptedWasteCodes.length > 0 ? listing.acceptedWasteCodes.join(', ') : NOT_GIVEN],
    ]);
    sectionTitle(doc, 'Conclusion');
    paragraph(
      doc,
      'Les besoins et les conditions d’acceptation déclarés sont cohérents avec l’usage du site receveur. Seules des terres ' +
        'de ces classes et de ces codes vous seront proposées ; le contrat de cession rappellera l’usage prévu.',
    );
  }
  paragraph(doc, `Votre annonce passe au statut « ${statusLabel('DOUBT_CLEARED')} ». Nous restons à votre disposition pour toute question.`);
  paragraph(doc, "Veuillez agréer, Madame, Monsieur, l'expression de nos salutations distinguées.");
  doc.moveDown(1).font(FONT_BOLD).text("L'équipe Bourse aux terres");
  return finishPdf(doc, `Levée de doute ${listing.id}`);
}

export interface TransferParties {
  producer: Party;
  receiver: Party;
  matchId: string;
  figures: MatchResult;
  /** DONE: the volume actually moved and its day. */
  movedVolumeM3: number | null;
  transferDate: string | null;
}

function pairSections(doc: Pdf, parties: TransferParties): void {
  const { producer, receiver } = parties;
  sectionTitle(doc, 'Entre les soussignés');
  doc.font(FONT_BOLD).text('Le producteur (site de déblais)');
  keyValues(doc, [...organizationLines(producer.organization), ...projectOwnerLines(producer.listing)]);
  doc.moveDown(0.5).font(FONT_BOLD).text('Le receveur, aménageur (site de remblai)');
  keyValues(doc, [...organizationLines(receiver.organization), ...projectOwnerLines(receiver.listing)]);
}

function linesTable(doc: Pdf, parties: TransferParties, volumeOf: (volume: number) => number): void {
  const cutLines = parties.producer.listing.materials;
  table(
    doc,
    [
      { label: 'Terres (matériau – qualité)', width: 135 },
      { label: 'Volume', width: 70, align: 'right' },
      { label: 'Classe de qualité', width: 140 },
      { label: 'Code déchet', width: 150 },
    ],
    parties.figures.lines.map((line) => {
      const source = cutLines[line.cutLine];
      return [
        `${line.materialName} – ${line.groundComposition}`,
        formatCubicMetres(volumeOf(line.volumeM3)),
        source ? classLabel(source) : NOT_GIVEN,
        source ? codeLabel(source) : NOT_GIVEN,
      ];
    }),
  );
}

/** The pre-contract: the parties agree in principle on the transfer, under conditions. */
export async function preContractPdf(parties: TransferParties, issuedOn: Date): Promise<Buffer> {
  const { producer, receiver, figures } = parties;
  const doc = createPdf({ title: `Pré-contrat de cession de terres – ${producer.listing.projectName}`, headerLabel: 'Pré-contrat' });
  title(doc, 'Pré-contrat de cession de terres excavées', `Mise en relation ${parties.matchId} · établi le ${date(issuedOn)}`);
  pairSections(doc, parties);

  sectionTitle(doc, 'Article 1 – Objet');
  paragraph(
    doc,
    `Par l'intermédiaire de la plateforme Bourse aux terres, le producteur envisage de céder au receveur des terres excavées ` +
      `issues du chantier « ${producer.listing.projectName} » pour un usage de remblai sur le site « ${receiver.listing.projectName} ». ` +
      'Le présent pré-contrat fixe les conditions dans lesquelles les parties s’engagent à conclure le contrat de cession.',
  );
  sectionTitle(doc, 'Article 2 – Sites');
  doc.font(FONT_BOLD).text('Site de déblais');
  keyValues(doc, siteLines(producer.listing));
  doc.moveDown(0.5).font(FONT_BOLD).text('Site de remblai');
  keyValues(doc, [...siteLines(receiver.listing), ['Usage prévu', useLabel(receiver.listing.receivingUse)]]);
  sectionTitle(doc, 'Article 3 – Terres et volumes envisagés');
  linesTable(doc, parties, (v) => v);
  keyValues(doc, [
    ['Volume total envisagé', formatCubicMetres(figures.volume.matchedM3)],
    ['Période commune de réalisation', `du ${date(figures.overlap.start)} au ${date(figures.overlap.end)}`],
    ['Distance routière estimée', formatKilometres(figures.distance.roadKm)],
    ['Rotations de camions estimées', `${figures.transport.trips}`],
    ['Conditions financières proposées', describePriceBalance(figures.price)],
  ]);
  sectionTitle(doc, 'Article 4 – Conditions suspensives');
  paragraph(
    doc,
    'Le contrat de cession ne sera conclu que si : (a) les analyses des terres confirment la classe de qualité et le code déchet ' +
      'indiqués ci-dessus ; (b) l’usage du site de remblai admet cette classe selon les guides de valorisation hors site des terres ' +
      'excavées d’avril 2020 ; (c) les autorisations d’urbanisme des deux sites sont en vigueur.' +
      (figures.quality.toVerify ? ' La qualité d’une partie des terres reste à vérifier : l’analyse est un préalable.' : ''),
  );
  sectionTitle(doc, 'Article 5 – Durée');
  paragraph(doc, `Le présent pré-contrat vaut jusqu'au ${date(figures.overlap.end)}, fin de la période commune de disponibilité des deux sites.`);
  signatures(doc, 'Pour le producteur', 'Pour le receveur');
  return finishPdf(doc, `Pré-contrat ${parties.matchId}`);
}

/**
 * The transfer contract (« contrat de cession »), with the mentions of the arrêté du 4 juin 2021
 * (art. 2) as the shared reference lists them: parties with SIRET, the lot (its unique number
 * and quantity), the origin (site, parcels, coordinates), the quality (waste code before exit
 * from waste status, quality class), the destination and its use, the dates, and the
 * receiver's commitment to use the soil only as stated.
 */
export async function transferContractPdf(parties: TransferParties, issuedOn: Date): Promise<Buffer> {
  const { producer, receiver, figures } = parties;
  const doc = createPdf({ title: `Contrat de cession de terres – ${producer.listing.projectName}`, headerLabel: 'Contrat de cession' });
  title(doc, 'Contrat de cession de terres excavées', `Arrêté du 4 juin 2021 · lot n° ${parties.matchId} · établi le ${date(issuedOn)}`);
  pairSections(doc, parties);

  const moved = parties.movedVolumeM3;
  const ratio = moved !== null && figures.volume.matchedM3 > 0 ? moved / figures.volume.matchedM3 : 1;
  sectionTitle(doc, 'Article 1 – Objet');
  paragraph(
    doc,
    'Le producteur cède au receveur, qui l’accepte, le lot de terres excavées décrit ci-dessous, pour une utilisation en ' +
      'aménagement sur le site de remblai, au sens de l’arrêté du 4 juin 2021 fixant les critères de sortie du statut de déchet ' +
      'pour les terres excavées et sédiments ayant fait l’objet d’une préparation en vue d’une utilisation en génie civil ou en ' +
      'aménagement.',
  );
  sectionTitle(doc, 'Article 2 – Lot cédé');
  keyValues(doc, [
    ['Numéro du lot', parties.matchId],
    ['Nature du lot', 'Volume de terres d’une même zone du site producteur, de nature et de caractéristiques homogènes'],
    [moved !== null ? 'Volume transféré' : 'Volume prévu', formatCubicMetres(moved ?? figures.volume.matchedM3)],
    ['Tonnage estimé (1,7 t/m³)', `${number((moved ?? figures.volume.matchedM3) * 1.7, 1)} t`],
  ]);
  linesTable(doc, parties, (v) => Math.round(v * ratio * 100) / 100);
  sectionTitle(doc, 'Article 3 – Origine des terres');
  keyValues(doc, siteLines(producer.listing));
  sectionTitle(doc, 'Article 4 – Qualité des terres');
  const classes = [...new Set(figures.quality.qualityClasses)].map((c) => QUALITY_CLASS_LABELS[c].label);
  keyValues(doc, [
    ['Classe(s) de qualité', classes.length > 0 ? classes.join(' ; ') : NOT_GIVEN],
    ['Code(s) déchet avant sortie du statut de déchet', figures.quality.wasteCodes.length > 0 ? figures.quality.wasteCodes.join(', ') : NOT_GIVEN],
    ['Référentiel', 'Guides de valorisation hors site des terres excavées, avril 2020 (MTE, BRGM, Ineris)'],
  ]);
  if (figures.quality.toVerify) paragraph(doc, 'Une partie des terres n’était pas caractérisée lors de la mise en relation : les analyses sont jointes au présent contrat.');
  sectionTitle(doc, 'Article 5 – Destination et usage');
  keyValues(doc, [...siteLines(receiver.listing), ['Usage prévu', useLabel(receiver.listing.receivingUse)]]);
  sectionTitle(doc, 'Article 6 – Dates et modalités');
  keyValues(doc, [
    ['Période de réalisation', `du ${date(figures.overlap.start)} au ${date(figures.overlap.end)}`],
    ['Date du transfert', parties.transferDate ? date(parties.transferDate) : 'À compléter lors du transfert'],
    ['Transport', `Par route, environ ${formatKilometres(figures.distance.roadKm)} et ${figures.transport.trips} rotations de camions`],
    ['Conditions financières', describePriceBalance(figures.price)],
  ]);
  sectionTitle(doc, 'Article 7 – Engagements du receveur');
  paragraph(
    doc,
    'Le receveur s’engage à n’utiliser les terres cédées que pour l’usage indiqué à l’article 5, conformément aux guides de ' +
      'valorisation hors site des terres excavées, et à conserver le présent contrat avec l’attestation de conformité prévue à ' +
      'l’article D. 541-12-13 du code de l’environnement.',
  );
  sectionTitle(doc, 'Article 8 – Traçabilité');
  paragraph(
    doc,
    'Le transfert est déclaré au registre national des terres excavées et sédiments (RNDTS) : registre sortant du producteur ' +
      'et, le cas échéant, registre entrant du receveur, sous l’identifiant du lot ci-dessus.',
  );
  signatures(doc, 'Pour le producteur', 'Pour le receveur (aménageur)');
  return finishPdf(doc, `Contrat de cession ${parties.matchId}`);
}
