// The documents the platform generates for the transfer chain (issue 11), on the shared layout
// of ./base.ts: the doubt-clearing letter (« lettre de levée de doute »), the pre-contract and
// the transfer contract (« contrat de cession de terres excavées ») with the mentions the arrêté
// du 4 juin 2021 asks of it (parties with SIRET, the person preparing the soil, one lot per
// waste code and quality class with its number, origin parcels and SIS identifier, analysis
// references, volumes and tonnages, receiving use and its category, attestation of conformity
// and exit from waste status; reference /work/shared/reference/soil-regulation.md §2).
// Issue 19: every fact comes from the data or says it is missing (« À compléter »); nothing the
// advertiser declared is stated as established. Texts are ours (French); vocabulary labels and
// the rules (lots, use category, guide, party names) come from the domain. Every text, user text
// included, goes through pdfText (./base.ts): it is printed as data, never as layout.
import {
  applicableGuide,
  companyLegalName,
  describeParcelId,
  missingContractFactsText,
  transferMissingContractFacts,
  describePriceBalance,
  formatCubicMetres,
  formatKilometres,
  GUIDE_TITLES,
  projectOwnerPartyName,
  QUALITY_CLASS_LABELS,
  qualityClassOf,
  RECEIVING_USE_LABELS,
  SOIL_USE_CATEGORY_LABELS,
  soilUseCategory,
  statusLabel,
  transferLotNumber,
  transferLots,
  typeLabel,
  WASTE_CODE_LABELS,
  wasteCodeOf,
  type MatchResult,
  type ReceivingUse,
  type TransferLot,
  type WasteCode,
} from '@terres/domain';
import type { StoredMaterial } from '../db/schema.js';
import type { InquiryRow } from '../services/inquiries.js';
import { COLOR_MUTED, COLOR_TEXT, createPdf, date, finishPdf, FONT, FONT_BOLD, heading, keepTogether, keyValues, MARGIN, number, pdfText, sectionTitle, type Pdf } from './base.js';

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
  /** The organisation's own uploads on the listing (kind and file name), for the letter. */
  declaredDocuments?: { kind: string; fileName: string }[];
}

const NOT_GIVEN = 'Non renseigné';
const TO_COMPLETE = 'À compléter : non renseigné dans l’annonce';
const orDash = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : NOT_GIVEN);
const orToComplete = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : TO_COMPLETE);

function address(street: string | null, postcode: string | null, city: string | null): string {
  const line = [street, [postcode, city].filter(Boolean).join(' ')].filter((part) => part && part.trim() !== '').join(', ');
  return orDash(line);
}

function paragraph(doc: Pdf, text: string): void {
  doc.font(FONT).fontSize(10);
  const width = doc.page.width - 2 * MARGIN;
  // Two lines at least together (and with a heading waiting for them): no paragraph starts on the last line of a page.
  keepTogether(doc, 0.4 * doc.currentLineHeight(true) + Math.min(doc.heightOfString(pdfText(text), { width }), 2 * doc.currentLineHeight(true)));
  doc.moveDown(0.4).fillColor(COLOR_TEXT);
  doc.text(pdfText(text), MARGIN, doc.y, { width });
}

/** '– text' lines, one per item. */
function bullets(doc: Pdf, items: readonly string[]): void {
  const width = doc.page.width - 2 * MARGIN - 12;
  doc.moveDown(0.2).font(FONT).fontSize(10).fillColor(COLOR_TEXT);
  for (const item of items) {
    keepTogether(doc, doc.heightOfString(pdfText(item), { width }));
    const y = doc.y;
    doc.text('–', MARGIN, y, { width: 10 });
    doc.text(pdfText(item), MARGIN + 12, y, { width });
  }
  doc.x = MARGIN;
}

function title(doc: Pdf, text: string, subtitle: string): void {
  doc.font(FONT_BOLD).fontSize(16).fillColor(COLOR_TEXT).text(pdfText(text), MARGIN);
  doc.moveDown(0.2).font(FONT).fontSize(10).fillColor(COLOR_MUTED).text(pdfText(subtitle));
  doc.fillColor(COLOR_TEXT);
}

/** A bold 10 pt heading, kept with its next lines (base.ts `heading`). */
function subheading(doc: Pdf, text: string): void {
  heading(doc, text, { size: 10, color: COLOR_TEXT, before: 0.5, after: 0 });
}

/** Column table that continues on the next page with its titles. */
function table(doc: Pdf, columns: { label: string; width: number; align?: 'left' | 'right' }[], rows: string[][]): void {
  const header = columns.map((c) => c.label);
  const draw = (cells: string[], bold: boolean) => {
    doc.font(bold ? FONT_BOLD : FONT).fontSize(9);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(pdfText(cell), { width: columns[i]!.width - 6 })));
    // A header row keeps room for one row under it.
    if (doc.y + height + (bold ? 24 : 0) > doc.page.height - doc.page.margins.bottom) {
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
  // The titles and the first row together, with a heading waiting for them.
  doc.font(FONT_BOLD).fontSize(9);
  const titles = Math.max(...header.map((cell, i) => doc.heightOfString(pdfText(cell), { width: columns[i]!.width - 6 })));
  doc.font(FONT).fontSize(9);
  const first = rows[0] ? Math.max(...rows[0].map((cell, i) => doc.heightOfString(pdfText(cell), { width: columns[i]!.width - 6 }))) : 0;
  keepTogether(doc, titles + 4 + first + 4);
  draw(header, true);
  for (const row of rows) draw(row, false);
  doc.font(FONT).fontSize(10);
}

function organizationLines(organization: PartyOrganization): [string, string][] {
  const representative = [organization.representativeFirstName, organization.representativeLastName].filter(Boolean).join(' ');
  return [
    ['Raison sociale', companyLegalName(organization.name, organization.legalForm)],
    ['SIRET', organization.registrationNumber],
    ['Siège', address(organization.street, organization.postcode, organization.city)],
    ['Représentée par', representative ? `${representative}${organization.representativePosition ? `, ${organization.representativePosition}` : ''}` : NOT_GIVEN],
  ];
}

/** The maître d'ouvrage as a party (the domain's one rule, as the register names it). */
function projectOwnerLines(listing: InquiryRow): [string, string][] {
  const person = [listing.projectOwnerFirstName, listing.projectOwnerLastName].filter(Boolean).join(' ').trim();
  const company = (listing.projectOwnerCompanyName ?? '').trim();
  return [
    ["Maître d'ouvrage", orDash(projectOwnerPartyName(listing))],
    ...(company !== '' && person !== '' ? ([["Contact du maître d'ouvrage", person]] as [string, string][]) : []),
    ["SIRET du maître d'ouvrage", orDash(listing.projectOwnerSiret)],
    ["Adresse du maître d'ouvrage", address(listing.projectOwnerStreet, listing.projectOwnerPostcode, listing.projectOwnerCity)],
  ];
}

function permitLine(listing: InquiryRow): [string, string] {
  const reference = (listing.permitReference ?? '').trim();
  if (reference === '') return ['Autorisation d’urbanisme', TO_COMPLETE];
  return ['Autorisation d’urbanisme', listing.permitDate ? `${reference}, du ${date(listing.permitDate)}` : `${reference} (date à compléter)`];
}

function siteLines(listing: InquiryRow): [string, string][] {
  const coordinates =
    listing.siteLatitude !== null && listing.siteLongitude !== null ? `${listing.siteLatitude.toFixed(6)} ${listing.siteLongitude.toFixed(6)} (WGS 84)` : NOT_GIVEN;
  return [
    ['Projet', listing.projectName],
    ['Adresse du site', orDash(listing.siteAddress)],
    ['Coordonnées', coordinates],
    ['Parcelles cadastrales', listing.parcelNumbers.length > 0 ? listing.parcelNumbers.map((id) => describeParcelId(id)).join(' ; ') : NOT_GIVEN],
    ['Disponibilité', listing.startDate && listing.endDate ? `du ${date(listing.startDate)} au ${date(listing.endDate)}` : NOT_GIVEN],
  ];
}

const SIS_NONE = 'Aucun déclaré par l’annonceur (à vérifier sur Géorisques)';

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

function guideText(soil: readonly { qualityClass: ReturnType<typeof qualityClassOf>; wasteCode: WasteCode | null }[]): string {
  const guide = applicableGuide(soil);
  return guide === 'TO_DETERMINE' ? 'À déterminer après analyse (qualité non caractérisée)' : GUIDE_TITLES[guide];
}

function signatures(doc: Pdf, left: string, right: string): void {
  doc.moveDown(2);
  const width = (doc.page.width - 2 * MARGIN) / 2 - 10;
  keepTogether(doc, 90);
  const top = doc.y;
  doc.font(FONT_BOLD).fontSize(10).text(pdfText(left), MARGIN, top, { width });
  doc.font(FONT).fontSize(9).fillColor(COLOR_MUTED).text('Date, nom, qualité et signature', MARGIN, undefined, { width });
  doc.fillColor(COLOR_TEXT).font(FONT_BOLD).fontSize(10).text(pdfText(right), MARGIN + width + 20, top, { width });
  doc.font(FONT).fontSize(9).fillColor(COLOR_MUTED).text('Date, nom, qualité et signature', MARGIN + width + 20, undefined, { width });
  doc.fillColor(COLOR_TEXT);
  doc.x = MARGIN;
  doc.y = top + 90;
}

const DOCUMENT_KIND_LABELS: Record<string, string> = { PERMISSION: 'autorisation d’urbanisme', SOIL_STUDY: 'étude de sol', OTHER: 'autre document' };

/**
 * The doubt-clearing letter: the platform's reading of the listing before any transfer
 * (TERRASS's first step, « levée de doute »). It states what was declared and by whom, which
 * guide of April 2020 the declaration points to, the sources to consult, and what remains to
 * verify: it never states the soil's quality as established on the advertiser's word alone.
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
    `L'équipe Bourse aux terres a relu votre annonce « ${listing.projectName} » et les documents que vous avez déposés. ` +
      'La levée de doute est la première étape de la valorisation hors site des terres excavées : elle détermine si les terres ' +
      'sont susceptibles de provenir d’un site pollué, et donc quel guide de valorisation d’avril 2020 s’applique. Cette lettre ' +
      'reprend vos déclarations, indique le guide vers lequel elles orientent et ce qui reste à vérifier ; elle ne remplace ni ' +
      'une analyse de laboratoire ni l’attestation de conformité de la personne qui prépare les terres.',
  );

  sectionTitle(doc, 'Site');
  keyValues(doc, [...siteLines(listing), ['Identifiant SIS du terrain', listing.sisIdentifier ?? SIS_NONE], ...projectOwnerLines(listing)]);

  const declaredOn = listing.submittedAt ? ` le ${date(listing.submittedAt)}` : '';
  const documents = party.declaredDocuments ?? [];
  sectionTitle(doc, 'Ce qui a été déclaré, et par qui');
  keyValues(doc, [
    ['Déclarant', `${organization.name} (SIRET ${organization.registrationNumber}), dans son annonce${declaredOn}`],
    ['Étude de sol', listing.soilStudyDelegation ? 'Réalisation confiée à la plateforme (non encore remise)' : documents.some((d) => d.kind === 'SOIL_STUDY') ? 'Déposée par le déclarant' : 'Aucune déposée'],
    ['Références des analyses', listing.analysisReferences ?? 'Aucune déclarée'],
    ['Personne réalisant la préparation', listing.soilPreparer ?? 'Non déclarée'],
    permitLine(listing),
    ['Documents déposés', documents.length > 0 ? documents.map((d) => `${d.fileName} (${DOCUMENT_KIND_LABELS[d.kind] ?? d.kind})`).join(' ; ') : 'Aucun'],
  ]);

  const lines = listing.materials;
  const soil = lines.map((line) => ({ qualityClass: qualityClassOf(line), wasteCode: wasteCodeOf(line) }));
  const guide = applicableGuide(soil);
  const toVerify: string[] = [];
  if (listing.type === 'CUT') {
    sectionTitle(doc, 'Terres déclarées');
    if (lines.length === 0) paragraph(doc, "Composition inconnue : l'équipe de la plateforme réalisera les analyses nécessaires.");
    else
      table(
        doc,
        [
          { label: 'Matériau', width: 130 },
          { label: 'Volume', width: 70, align: 'right' },
          { label: 'Classe de qualité déclarée', width: 150 },
          { label: 'Code déchet déclaré', width: 145 },
        ],
        lines.map((line) => [`${line.materialName} – ${line.groundComposition}`, formatCubicMetres(line.quantity), classLabel(line), codeLabel(line)]),
      );
    sectionTitle(doc, 'Guide applicable selon ces déclarations');
    if (guide === 'NON_SSP') {
      paragraph(
        doc,
        `${organization.name} déclare toutes les terres inertes, dans le fond géochimique naturel, sous un code non dangereux. ` +
          `Si la levée de doute le confirme, le guide applicable est le « ${GUIDE_TITLES.NON_SSP} ». Une terre n’y est considérée ` +
          'comme non polluée que si ses caractéristiques sont cohérentes avec le fond géochimique naturel local (décret ' +
          'n° 2010-1394 du 12 novembre 2010, annexe 1) : cela s’établit par des analyses comparées aux valeurs du guide ' +
          '(niveau 1 national, niveau 2 fonds pédo-géochimiques régionaux ou urbains), non par la seule déclaration.',
      );
    } else if (guide === 'SSP') {
      const hazardous = soil.some((line) => line.wasteCode?.endsWith('*'));
      paragraph(
        doc,
        `${organization.name} déclare des terres hors du fond géochimique naturel (compatibles avec certains usages ou à ` +
          `étudier au cas par cas)${hazardous ? ', dont une partie sous un code déchet dangereux (*)' : ''} : elles sont à traiter ` +
          `comme issues d’un site potentiellement pollué. Le guide applicable est le « ${GUIDE_TITLES.SSP} » : valeurs-seuils ` +
          'par usage du site receveur, et étude propre au site receveur pour les terres qui l’exigent.',
      );
      if (hazardous) {
        toVerify.push(
          'Terres sous code dangereux (17 05 03*, 17 05 05*) : tant qu’elles sont des déchets, leur transport suit un bordereau de suivi des déchets dangereux (Trackdéchets), et leur préparation doit être décrite avant tout contrat de cession.',
        );
      }
    } else {
      paragraph(
        doc,
        'La qualité de tout ou partie des terres n’est pas caractérisée : aucun guide ne peut être désigné avant les analyses. ' +
          'Les mises en relation proposées d’ici là portent la mention « qualité à vérifier ».',
      );
    }
  } else {
    sectionTitle(doc, 'Terres acceptées');
    keyValues(doc, [
      ['Usage du site receveur', useLabel(listing.receivingUse)],
      ['Utilisation au sens de l’arrêté du 4 juin 2021', soilUseCategory(listing.receivingUse) ? SOIL_USE_CATEGORY_LABELS[soilUseCategory(listing.receivingUse)!] : 'À préciser avec l’usage'],
      [
        'Classes de qualité acceptées',
        listing.acceptedQualityClasses.length > 0 ? listing.acceptedQualityClasses.map((c) => QUALITY_CLASS_LABELS[qualityClassOf({ qualityClass: c })].label).join(' ; ') : NOT_GIVEN,
      ],
      ['Codes déchet acceptés', listing.acceptedWasteCodes.length > 0 ? listing.acceptedWasteCodes.join(', ') : NOT_GIVEN],
    ]);
    paragraph(
      doc,
      `${organization.name} déclare ces conditions d’acceptation. Seules des terres de ces classes et de ces codes lui seront ` +
        'proposées ; le contrat de cession rappellera l’usage prévu.',
    );
  }

  sectionTitle(doc, 'Sources à consulter');
  bullets(doc, [
    'Géorisques (georisques.gouv.fr) : secteurs d’information sur les sols (SIS), anciens sites industriels et activités de service (CASIAS), sites pollués appelant une action des pouvoirs publics (information de l’ancienne base BASOL).',
    'Historique du site : actes, archives, photographies aériennes anciennes (IGN, « Remonter le temps »).',
    'Rapports d’analyse des terres (laboratoire, date, numéro de rapport) et étude de sol déposés avec l’annonce.',
    'Guides de valorisation hors site des terres excavées d’avril 2020 (MTE/DGPR, BRGM, Ineris), TERRASS (terrass.brgm.fr) ; arrêté du 4 juin 2021 fixant les critères de sortie du statut de déchet des terres excavées et sédiments.',
  ]);
  paragraph(doc, 'La plateforme n’a pas consulté ces sources pour vous : elle les cite pour que la levée de doute s’appuie sur elles.');

  sectionTitle(doc, 'Ce qui reste à vérifier');
  if (listing.type === 'CUT') {
    if (!listing.sisIdentifier) toVerify.unshift('L’absence du terrain de tout secteur d’information sur les sols (aucun identifiant SIS déclaré).');
    if (!listing.analysisReferences) toVerify.push('Des analyses de laboratoire confirmant la classe de qualité et le code déchet déclarés (aucune référence d’analyse déclarée).');
    else toVerify.push(`La concordance des analyses déclarées (${listing.analysisReferences}) avec la classe et le code de chaque ligne.`);
    if (!listing.soilPreparer) toVerify.push('L’identité de la personne réalisant la préparation des terres, qui établit l’attestation de conformité (art. D. 541-12-13 du code de l’environnement).');
  } else {
    toVerify.push('La compatibilité de chaque lot proposé avec l’usage déclaré, au vu des analyses du producteur.');
  }
  if (!listing.permitReference) toVerify.push('La référence et la date de l’autorisation d’urbanisme du site.');
  bullets(doc, toVerify);

  paragraph(doc, `Votre annonce passe au statut « ${statusLabel('DOUBT_CLEARED')} ». Nous restons à votre disposition pour toute question.`);
  paragraph(doc, "Veuillez agréer, Madame, Monsieur, l'expression de nos salutations distinguées.");
  doc.moveDown(1).font(FONT_BOLD).text("L'équipe Bourse aux terres");
  return finishPdf(doc, `Levée de doute ${listing.id}`);
}

/** What the accepted loads of one waste code weigh and measure (the transfer's balance). */
export interface LoadedCode {
  wasteCode: string;
  receivedVolumeM3: number;
  /** Tonnes weighed (REEL) and estimated at the density (ESTIME), of the accepted loads. */
  realTonnes: number;
  estimatedTonnes: number;
}

/** A load the register declares (its number is the line's « Identifiant unique »). */
export interface RecordedLoad {
  number: string;
  wasteCode: string;
  status: 'ACCEPTED' | 'IN_TRANSIT';
  /** ISO instant. */
  departedAt: string;
  carrier: string;
  volumeM3: number;
  tonnes: number;
  weighed: boolean;
}

export interface TransferParties {
  producer: Party;
  receiver: Party;
  matchId: string;
  /** The transfer of the match (one per match): its id numbers the lots. */
  transferId: string | null;
  figures: MatchResult;
  /** DONE: the volume actually moved and its days. */
  movedVolumeM3: number | null;
  transferDate: string | null;
  transferEndDate?: string | null;
  /** The configured soil density (t/m³): the estimated tonnages. */
  soilDensityTonnesPerM3: number;
  /** The accepted loads per waste code, when the transfer recorded loads on the platform. */
  loadedCodes?: LoadedCode[];
  /** The carriers of the loads, as their snapshots name them. */
  carriers?: string[];
  /** The loads recorded so far (accepted or on their way), oldest first: the register's lines. */
  loads?: RecordedLoad[];
}

interface LotFigures {
  lot: TransferLot;
  number: string;
  volumeM3: number;
  realTonnes: number;
  estimatedTonnes: number;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Each lot with its number, volume and tonnage: the accepted loads of its code when the platform
 * recorded them (shared between the code's lots in proportion of the volumes proposed), else the
 * volume moved (or proposed) in proportion, estimated at the configured density.
 */
function lotFigures(parties: TransferParties): LotFigures[] {
  const lots = transferLots(
    parties.producer.listing.materials,
    parties.figures.lines,
    (parties.loads ?? []).map((load) => load.wasteCode),
  );
  const reference = parties.transferId ?? parties.matchId;
  const proposed = lots.reduce((sum, lot) => sum + lot.proposedM3, 0);
  const ratio = parties.movedVolumeM3 !== null && proposed > 0 ? parties.movedVolumeM3 / proposed : 1;
  const loaded = new Map((parties.loadedCodes ?? []).map((entry) => [entry.wasteCode, entry]));
  return lots.map((lot) => {
    const number = transferLotNumber(reference, lot.index);
    const code = loaded.get(lot.wasteCode);
    if (code) {
      const sameCode = lots.filter((other) => other.wasteCode === lot.wasteCode);
      const ofCode = sameCode.reduce((sum, other) => sum + other.proposedM3, 0);
      // Lots the match did not propose (a code only the loads carried) share the code evenly.
      const share = ofCode > 0 ? lot.proposedM3 / ofCode : 1 / sameCode.length;
      return { lot, number, volumeM3: round3(code.receivedVolumeM3 * share), realTonnes: round3(code.realTonnes * share), estimatedTonnes: round3(code.estimatedTonnes * share) };
    }
    const volumeM3 = round3(lot.proposedM3 * ratio);
    return { lot, number, volumeM3, realTonnes: 0, estimatedTonnes: round3(volumeM3 * parties.soilDensityTonnesPerM3) };
  });
}

function tonnage(real: number, estimated: number, density: number): string {
  const total = `${number(real + estimated, 1)} t`;
  if (estimated === 0 && real > 0) return `${total} pesées`;
  if (real === 0) return `${total} estimées (${number(density, 2)} t/m³)`;
  return `${total} (${number(real, 1)} t pesées, ${number(estimated, 1)} t estimées à ${number(density, 2)} t/m³)`;
}

function pairSections(doc: Pdf, parties: TransferParties, withPreparer: boolean): void {
  const { producer, receiver } = parties;
  sectionTitle(doc, 'Entre les soussignés');
  subheading(doc, 'Le producteur (site de déblais)');
  keyValues(doc, [...organizationLines(producer.organization), ...projectOwnerLines(producer.listing)]);
  if (withPreparer) {
    subheading(doc, 'La personne réalisant la préparation des terres');
    keyValues(doc, [['Identité', orToComplete(producer.listing.soilPreparer)]]);
  }
  subheading(doc, 'Le receveur, aménageur (site de remblai)');
  keyValues(doc, [...organizationLines(receiver.organization), ...projectOwnerLines(receiver.listing)]);
}

function lotsTable(doc: Pdf, lots: readonly LotFigures[], moved: boolean, density: number): void {
  table(
    doc,
    [
      // The lot number on one line: 24 hexadecimal digits and '-L12' take about 140 points at 9.
      { label: 'Lot n°', width: 150 },
      { label: 'Terres (matériau – qualité)', width: 97 },
      { label: 'Code déchet', width: 50 },
      { label: 'Classe de qualité', width: 90 },
      { label: moved ? 'Volume transféré' : 'Volume prévu', width: 55, align: 'right' },
      { label: 'Tonnage', width: 53, align: 'right' },
    ],
    lots.map(({ lot, number: lotNumber, volumeM3, realTonnes, estimatedTonnes }) => [
      lotNumber,
      [...new Set(lot.lines.map((line) => `${line.materialName} – ${line.groundComposition}`))].join(' ; '),
      lot.wasteCode,
      QUALITY_CLASS_LABELS[lot.qualityClass].label,
      formatCubicMetres(volumeM3),
      `${number(realTonnes + estimatedTonnes, 1)} t${realTonnes > 0 && estimatedTonnes === 0 ? '' : ' (est.)'}`,
    ]),
  );
  doc.font(FONT).fontSize(9).fillColor(COLOR_MUTED);
  doc.text(pdfText(`Tonnages : pesés quand les chargements l’ont été, sinon estimés à ${number(density, 2)} t/m³ (est.). Les lots sont numérotés par code déchet puis classe de qualité ; chaque chargement déclaré au registre national appartient au lot de son code (annexe).`), MARGIN);
  doc.fontSize(10).fillColor(COLOR_TEXT);
}

/**
 * The annex: each load recorded on the platform, with its lot, as the register declares it (one
 * line per load, its number as « Identifiant unique »). A waste code shared by two lots of
 * different classes names both: a load carries its code, not its class.
 */
function loadsAnnex(doc: Pdf, parties: TransferParties, lots: readonly LotFigures[]): void {
  const recorded = parties.loads ?? [];
  if (recorded.length === 0) return;
  doc.addPage();
  sectionTitle(doc, `Annexe – Chargements enregistrés${parties.movedVolumeM3 === null ? ' à la date du présent contrat' : ''}`);
  paragraph(
    doc,
    'Chaque chargement est une ligne du registre national des terres excavées (registre sortant du producteur, registre ' +
      'entrant du receveur une fois reçu), identifiée par son numéro. Son lot est celui de son code déchet.',
  );
  doc.moveDown(0.5);
  const lotsOf = (code: string) =>
    lots
      .filter(({ lot }) => lot.wasteCode === code)
      .map(({ number: lotNumber }) => lotNumber.slice(lotNumber.lastIndexOf('-') + 1))
      .join(', ') || NOT_GIVEN;
  table(
    doc,
    [
      { label: 'Chargement n°', width: 85 },
      { label: 'Lot', width: 40 },
      { label: 'Code', width: 50 },
      { label: 'Départ', width: 60 },
      { label: 'Transporteur', width: 130 },
      { label: 'Volume', width: 50, align: 'right' },
      { label: 'Poids', width: 80, align: 'right' },
    ],
    recorded.map((load) => [
      load.number,
      lotsOf(load.wasteCode),
      load.wasteCode,
      date(load.departedAt),
      load.carrier || NOT_GIVEN,
      formatCubicMetres(load.volumeM3),
      `${number(load.tonnes, 2)} t ${load.weighed ? 'pesées' : 'est.'}${load.status === 'IN_TRANSIT' ? ' (en route)' : ''}`,
    ]),
  );
}

/** The pre-contract: the parties agree in principle on the transfer, under conditions. */
export async function preContractPdf(parties: TransferParties, issuedOn: Date): Promise<Buffer> {
  const { producer, receiver, figures } = parties;
  const doc = createPdf({ title: `Pré-contrat de cession de terres – ${producer.listing.projectName}`, headerLabel: 'Pré-contrat' });
  title(doc, 'Pré-contrat de cession de terres excavées', `Mise en relation ${parties.matchId} · établi le ${date(issuedOn)}`);
  pairSections(doc, parties, false);

  const category = soilUseCategory(receiver.listing.receivingUse);
  sectionTitle(doc, 'Article 1 – Objet');
  paragraph(
    doc,
    `Par l'intermédiaire de la plateforme Bourse aux terres, le producteur envisage de céder au receveur des terres excavées ` +
      `issues du chantier « ${producer.listing.projectName} » pour une utilisation en ${category ? SOIL_USE_CATEGORY_LABELS[category] : 'aménagement ou génie civil (à préciser avec l’usage)'} ` +
      `sur le site « ${receiver.listing.projectName} ». ` +
      'Le présent pré-contrat fixe les conditions dans lesquelles les parties s’engagent à conclure le contrat de cession.',
  );
  sectionTitle(doc, 'Article 2 – Sites');
  subheading(doc, 'Site de déblais');
  keyValues(doc, [...siteLines(producer.listing), ['Identifiant SIS du terrain', producer.listing.sisIdentifier ?? SIS_NONE], permitLine(producer.listing)]);
  subheading(doc, 'Site de remblai');
  keyValues(doc, [...siteLines(receiver.listing), ['Usage prévu', useLabel(receiver.listing.receivingUse)], permitLine(receiver.listing)]);
  sectionTitle(doc, 'Article 3 – Lots et volumes envisagés');
  const lots = lotFigures({ ...parties, movedVolumeM3: null, loadedCodes: [] });
  lotsTable(doc, lots, false, parties.soilDensityTonnesPerM3);
  doc.moveDown(0.5);
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
      'de chaque lot ci-dessus ; (b) l’usage du site de remblai admet cette classe selon le guide de valorisation applicable ; ' +
      '(c) les autorisations d’urbanisme des deux sites sont en vigueur ; (d) la personne réalisant la préparation des terres est ' +
      'désignée et établit l’attestation de conformité de chaque lot.' +
      (figures.quality.toVerify ? ' La qualité d’une partie des terres reste à vérifier : l’analyse est un préalable.' : ''),
  );
  keyValues(doc, [
    ['Références des analyses', orToComplete(producer.listing.analysisReferences)],
    ['Personne réalisant la préparation', orToComplete(producer.listing.soilPreparer)],
  ]);
  // What the contract will need (issue 19): it is not generated while one of these is missing.
  const missing = transferMissingContractFacts(producer.listing, receiver.listing);
  paragraph(
    doc,
    missing.length === 0
      ? 'Les références que le contrat de cession mentionne sont renseignées par les deux parties.'
      : `Le contrat de cession ne sera établi qu’une fois renseignés : ${missingContractFactsText(missing)}. Chaque partie les complète pour son site sur la page du transfert.`,
  );
  sectionTitle(doc, 'Article 5 – Durée');
  paragraph(doc, `Le présent pré-contrat vaut jusqu'au ${date(figures.overlap.end)}, fin de la période commune de disponibilité des deux sites.`);
  signatures(doc, 'Pour le producteur', 'Pour le receveur');
  return finishPdf(doc, `Pré-contrat ${parties.matchId}`);
}

/**
 * The transfer contract (« contrat de cession »), with the mentions of the arrêté du 4 juin 2021
 * (art. 2) as the shared reference lists them: parties with SIRET and the person preparing the
 * soil, one lot per waste code and quality class (its number, nature, quantity), the origin (site,
 * parcels, SIS identifier), the quality (code before exit from waste status, class, analysis
 * references, guide), the destination, its use and the use's category, the dates, the
 * attestation of conformity and the exit from waste status, the receiver's commitment.
 */
export async function transferContractPdf(parties: TransferParties, issuedOn: Date): Promise<Buffer> {
  const { producer, receiver, figures } = parties;
  const doc = createPdf({ title: `Contrat de cession de terres – ${producer.listing.projectName}`, headerLabel: 'Contrat de cession' });
  const lots = lotFigures(parties);
  const moved = parties.movedVolumeM3 !== null;
  title(
    doc,
    'Contrat de cession de terres excavées',
    `Arrêté du 4 juin 2021 · transfert ${parties.transferId ?? parties.matchId} · ${lots.length} lot${lots.length > 1 ? 's' : ''} · établi le ${date(issuedOn)}`,
  );
  pairSections(doc, parties, true);

  const category = soilUseCategory(receiver.listing.receivingUse);
  sectionTitle(doc, 'Article 1 – Objet');
  paragraph(
    doc,
    `Le producteur cède au receveur, qui l’accepte, ${lots.length > 1 ? `les ${lots.length} lots` : 'le lot'} de terres excavées décrit${lots.length > 1 ? 's' : ''} ci-dessous, pour une ` +
      `utilisation en ${category ? SOIL_USE_CATEGORY_LABELS[category] : 'aménagement ou en génie civil, à préciser avec l’usage du site receveur,'} ` +
      `sur le site de remblai (usage : ${useLabel(receiver.listing.receivingUse).toLowerCase()}), au sens de l’arrêté du 4 juin 2021 fixant les critères de ` +
      'sortie du statut de déchet pour les terres excavées et sédiments ayant fait l’objet d’une préparation en vue d’une ' +
      'utilisation en génie civil ou en aménagement.',
  );
  sectionTitle(doc, 'Article 2 – Lots cédés');
  lotsTable(doc, lots, moved, parties.soilDensityTonnesPerM3);
  doc.moveDown(0.5);
  const real = lots.reduce((sum, lot) => sum + lot.realTonnes, 0);
  const estimated = lots.reduce((sum, lot) => sum + lot.estimatedTonnes, 0);
  keyValues(doc, [
    [moved ? 'Volume transféré' : 'Volume prévu', formatCubicMetres(parties.movedVolumeM3 ?? figures.volume.matchedM3)],
    ['Tonnage', tonnage(round3(real), round3(estimated), parties.soilDensityTonnesPerM3)],
  ]);
  subheading(doc, 'Nature des lots (art. 1 de l’arrêté)');
  bullets(
    doc,
    lots.map(({ lot, number: lotNumber }) =>
      lot.mixed
        ? `Lot ${lotNumber} : lot préparé à partir de plusieurs origines de même qualité (${[...new Set(lot.lines.map((line) => line.materialName))].join(', ')}), code ${lot.wasteCode}.`
        : `Lot ${lotNumber} : terres d’une même ligne déclarée du site producteur (${lot.lines[0]?.materialName ?? ''}), code ${lot.wasteCode} ; leur homogénéité est attestée par la personne réalisant la préparation.`,
    ),
  );
  sectionTitle(doc, 'Article 3 – Origine des terres');
  keyValues(doc, [...siteLines(producer.listing), ['Identifiant SIS du terrain', producer.listing.sisIdentifier ?? SIS_NONE], permitLine(producer.listing)]);
  sectionTitle(doc, 'Article 4 – Qualité des terres');
  const soil = lots.map(({ lot }) => ({ qualityClass: lot.qualityClass, wasteCode: lot.wasteCode }));
  keyValues(doc, [
    ['Code(s) déchet avant sortie du statut de déchet', [...new Set(lots.map(({ lot }) => `${lot.wasteCode} – ${WASTE_CODE_LABELS[lot.wasteCode].label}`))].join(' ; ')],
    ['Classe(s) de qualité déclarées', [...new Set(lots.map(({ lot }) => QUALITY_CLASS_LABELS[lot.qualityClass].label))].join(' ; ')],
    ['Références des analyses', orToComplete(producer.listing.analysisReferences)],
    ['Guide de valorisation appliqué', guideText(soil)],
  ]);
  if (figures.quality.toVerify) paragraph(doc, 'Une partie des terres n’était pas caractérisée lors de la mise en relation : les analyses sont jointes au présent contrat.');
  if (lots.some(({ lot }) => WASTE_CODE_LABELS[lot.wasteCode].hazardous)) {
    paragraph(
      doc,
      'Les lots sous code dangereux (*) ne sortent du statut de déchet qu’une fois préparés et reconnus conformes ; jusque-là ils ' +
        'voyagent sous bordereau de suivi des déchets dangereux.',
    );
  }
  sectionTitle(doc, 'Article 5 – Destination et usage');
  keyValues(doc, [
    ...siteLines(receiver.listing),
    ['Usage prévu', useLabel(receiver.listing.receivingUse)],
    ['Utilisation au sens de l’arrêté', category ? SOIL_USE_CATEGORY_LABELS[category] : 'À préciser avec l’usage'],
    permitLine(receiver.listing),
  ]);
  sectionTitle(doc, 'Article 6 – Dates et modalités');
  const carriers = parties.carriers ?? [];
  keyValues(doc, [
    ['Période de réalisation', `du ${date(figures.overlap.start)} au ${date(figures.overlap.end)}`],
    [
      'Dates du transfert',
      parties.transferDate
        ? parties.transferEndDate && parties.transferEndDate !== parties.transferDate
          ? `du ${date(parties.transferDate)} au ${date(parties.transferEndDate)}`
          : `le ${date(parties.transferDate)}`
        : 'À compléter lors du transfert',
    ],
    ['Transport', `Par route, environ ${formatKilometres(figures.distance.roadKm)} et ${figures.transport.trips} rotations de camions (estimation)`],
    ['Transporteur(s)', carriers.length > 0 ? carriers.join(' ; ') : 'À compléter : désigné à chaque chargement'],
    ['Conditions financières', describePriceBalance(figures.price)],
  ]);
  sectionTitle(doc, 'Article 7 – Attestation de conformité et sortie du statut de déchet');
  const exitDay = parties.transferEndDate ?? parties.transferDate;
  keyValues(doc, [
    ['Attestation de conformité', `Établie pour chaque lot par ${orToComplete(producer.listing.soilPreparer)} (art. D. 541-12-13 du code de l’environnement, annexe II de l’arrêté), jointe au présent contrat`],
    [
      'Date de sortie du statut de déchet',
      exitDay
        ? `Le ${date(exitDay)}, dernière réception des lots par l’aménageur, à confirmer par l’attestation de conformité de chaque lot`
        : 'À compléter : la date de l’attestation de conformité de chaque lot, au plus tard sa réception par l’aménageur',
    ],
  ]);
  sectionTitle(doc, 'Article 8 – Engagements du receveur');
  paragraph(
    doc,
    'Le receveur s’engage à n’utiliser les terres cédées que pour l’usage indiqué à l’article 5, conformément au guide de ' +
      'valorisation indiqué à l’article 4, et à conserver le présent contrat avec l’attestation de conformité de chaque lot.',
  );
  sectionTitle(doc, 'Article 9 – Traçabilité');
  paragraph(
    doc,
    'Le transfert est déclaré au registre national des terres excavées et sédiments (RNDTS) : registre sortant du producteur ' +
      'et, le cas échéant, registre entrant du receveur : une ligne par chargement, identifiée par son numéro, rattachée au lot ' +
      'de son code déchet (annexe) ; un transfert réalisé hors de la plateforme est déclaré par code déchet.',
  );
  signatures(doc, 'Pour le producteur', 'Pour le receveur (aménageur)');
  loadsAnnex(doc, parties, lots);
  return finishPdf(doc, `Contrat de cession ${parties.transferId ?? parties.matchId}`);
}
