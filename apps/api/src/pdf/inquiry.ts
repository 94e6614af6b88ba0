// The listing summary PDF (GET /inquiries/{id}/pdf): one or two A4 pages in French: project,
// project owner, site, parcels (2-4-4-4), surface, materials with line totals, dates, status, cost.
import {
  formatCubicMetres,
  formatHectares,
  formatParcelId,
  lineTotal,
  listingCharge,
  LISTING_FIELDS,
  statusLabel,
  typeLabel,
} from '@terres/domain';
import type { InquiryRow } from '../services/inquiries.js';
import {
  COLOR_MUTED,
  COLOR_TEXT,
  createPdf,
  credits,
  date,
  euros,
  finishPdf,
  FONT,
  FONT_BOLD,
  keyValues,
  MARGIN,
  pdfText,
  sectionTitle,
} from './base.js';

const NOT_GIVEN = 'Non renseigné';

function orDash(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : NOT_GIVEN;
}

export async function inquiryPdf(row: InquiryRow, organizationName: string | null): Promise<Buffer> {
  const title = `Annonce de ${typeLabel(row.type).toLowerCase()} – ${row.projectName}`;
  const doc = createPdf({ title, headerLabel: `Annonce · ${typeLabel(row.type)}` });

  doc.font(FONT_BOLD).fontSize(16).fillColor(COLOR_TEXT).text(pdfText(row.projectName), MARGIN);
  doc.moveDown(0.2).font(FONT).fontSize(10).fillColor(COLOR_MUTED);
  doc.text(pdfText(`${typeLabel(row.type)} · Statut : ${statusLabel(row.status)} · Coût : ${credits(row.cost ?? listingCharge(row.type, row.quantity))}`));
  doc.fillColor(COLOR_TEXT);

  sectionTitle(doc, 'Projet');
  keyValues(doc, [
    ['Organisation', orDash(organizationName)],
    ['Créée le', date(row.createdAt)],
    ...(row.rejectionReason && row.status === 'REJECTED' ? ([['Motif du refus', row.rejectionReason]] as const) : []),
  ]);

  sectionTitle(doc, "Maître d'ouvrage");
  const owner = [row.projectOwnerFirstName, row.projectOwnerLastName].filter(Boolean).join(' ');
  const ownerAddress = [row.projectOwnerStreet, [row.projectOwnerPostcode, row.projectOwnerCity].filter(Boolean).join(' ')]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
  keyValues(doc, [
    ['Nom', orDash(owner)],
    ...(row.projectOwnerCompanyName ? ([[LISTING_FIELDS.projectOwnerCompanyName.detail.label, row.projectOwnerCompanyName]] as const) : []),
    ['Adresse', orDash(ownerAddress)],
    ['SIRET', orDash(row.projectOwnerSiret)],
  ]);

  sectionTitle(doc, 'Site');
  const coordinates =
    row.siteLatitude !== null && row.siteLongitude !== null
      ? `${row.siteLatitude.toFixed(5)}, ${row.siteLongitude.toFixed(5)}`
      : NOT_GIVEN;
  keyValues(doc, [
    ['Adresse du site', orDash(row.siteAddress)],
    ['Coordonnées', coordinates],
    ['Surface', row.quantity !== null ? pdfText(formatHectares(row.quantity)) : NOT_GIVEN],
    ['Disponibilité', row.startDate || row.endDate ? `du ${row.startDate ? date(row.startDate) : '–'} au ${row.endDate ? date(row.endDate) : '–'}` : NOT_GIVEN],
    ['Étude de sol', row.soilStudyDelegation ? 'Confiée à la plateforme' : 'Fournie par l’annonceur'],
    [LISTING_FIELDS.sisIdentifier.label, orDash(row.sisIdentifier)],
    [LISTING_FIELDS.analysisReferences.label, orDash(row.analysisReferences)],
    [LISTING_FIELDS.soilPreparer.label, orDash(row.soilPreparer)],
    [LISTING_FIELDS.permitReference.label, row.permitReference ? `${row.permitReference}${row.permitDate ? `, du ${date(row.permitDate)}` : ''}` : NOT_GIVEN],
  ]);

  sectionTitle(doc, `Parcelles (${row.parcelNumbers.length})`);
  if (row.parcelNumbers.length === 0) doc.text(NOT_GIVEN);
  else doc.text(row.parcelNumbers.map((id) => formatParcelId(id)).join('   '), { width: doc.page.width - 2 * MARGIN });

  sectionTitle(doc, 'Composition du sol');
  if (row.materials.length === 0) {
    doc.text(
      row.groundTypeUnknown
        ? "Aucun matériau renseigné. L'équipe Bourse aux terres réalisera les analyses."
        : 'Aucun matériau renseigné.',
    );
  } else {
    const columns = [
      { label: 'Matériau', width: 120 },
      { label: 'Qualité', width: 165 },
      { label: 'Quantité', width: 75, align: 'right' as const },
      { label: 'Prix €/m³', width: 65, align: 'right' as const },
      { label: 'Total', width: 70, align: 'right' as const },
    ];
    const header = columns.map((c) => c.label);
    const drawRow = (cells: string[], bold = false) => {
      doc.font(bold ? FONT_BOLD : FONT).fontSize(9);
      const height = Math.max(...cells.map((cell, i) => doc.heightOfString(pdfText(cell), { width: columns[i]!.width - 6 })));
      // A row that would cross the footer starts a new page (with the column titles again):
      // drawing it in place would make pdfkit open a page per cell.
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        if (cells !== header) drawRow(header, true);
        doc.font(bold ? FONT_BOLD : FONT).fontSize(9);
      }
      const y = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        doc.text(pdfText(cell), x, y, { width: column.width - 6, align: column.align ?? 'left' });
        x += column.width;
      });
      doc.x = MARGIN;
      doc.y = y + height + 4;
    };
    drawRow(header, true);
    let sum = 0;
    for (const material of row.materials) {
      const total = lineTotal(material.quantity, material.price);
      if (total !== null) sum += total;
      drawRow([
        material.materialName,
        material.groundComposition,
        formatCubicMetres(material.quantity),
        euros(material.price),
        total === null ? '–' : euros(total),
      ]);
    }
    drawRow(['', '', '', 'Total', euros(Math.round(sum * 100) / 100)], true);
    doc.font(FONT).fontSize(10);
  }

  return finishPdf(doc, `Annonce ${row.id}`);
}
