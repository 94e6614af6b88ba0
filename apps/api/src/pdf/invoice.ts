// The invoice PDF, with the mentions a French B2B invoice carries (Code de commerce L. 441-9,
// CGI art. 242 nonies A): seller and buyer identities (SIRET, VAT number), number and date,
// designation, quantity, unit price and totals HT / TVA / TTC, payment date, late-payment terms.
import { companyLegalName } from '@terres/domain';
import type { InvoiceRow } from '../services/invoices.js';
import {
  COLOR_MUTED,
  COLOR_TEXT,
  createPdf,
  date,
  eurosFromCents,
  finishPdf,
  FONT,
  FONT_BOLD,
  keepTogether,
  keyValues,
  MARGIN,
  pdfText,
  sectionTitle,
} from './base.js';

function field(record: Record<string, string>, key: string): string {
  return record[key] ?? '';
}

export function invoiceDesignation(credits: number): string {
  return `Pack de ${credits} crédits Bourse aux terres`;
}

export function renderInvoicePdf(invoice: InvoiceRow, paidAt: Date): Promise<Buffer> {
  const doc = createPdf({ title: `Facture ${invoice.number}`, headerLabel: 'Facture' });
  const { seller, buyer } = invoice;
  const width = doc.page.width - 2 * MARGIN;

  doc.font(FONT_BOLD).fontSize(18).fillColor(COLOR_TEXT).text(pdfText(`Facture n° ${invoice.number}`), MARGIN);
  doc.moveDown(0.3).font(FONT).fontSize(10);
  keyValues(doc, [
    ["Date d'émission", date(invoice.issuedAt)],
    ['Date de la prestation', date(paidAt)],
  ]);

  sectionTitle(doc, 'Vendeur');
  doc.text(pdfText(field(seller, 'name')));
  doc.text(pdfText(field(seller, 'address')));
  keyValues(doc, [
    ['SIRET', field(seller, 'siret')],
    ['N° TVA intracommunautaire', field(seller, 'vatNumber')],
  ]);

  sectionTitle(doc, 'Client');
  doc.text(pdfText(companyLegalName(field(buyer, 'name'), field(buyer, 'legalForm'))));
  doc.text(pdfText(field(buyer, 'street')));
  doc.text(pdfText(`${field(buyer, 'postcode')} ${field(buyer, 'city')}`.trim()));
  if (field(buyer, 'country')) doc.text(pdfText(field(buyer, 'country')));
  keyValues(doc, [['SIRET', field(buyer, 'siret')]]);

  sectionTitle(doc, 'Détail');
  // The table's titles and its row with the heading (keep-with-next): drawn before `top` is read.
  keepTogether(doc, 40);
  const columns = [
    { label: 'Désignation', width: width * 0.46, align: 'left' as const },
    { label: 'Quantité', width: width * 0.12, align: 'right' as const },
    { label: 'Prix unitaire HT', width: width * 0.21, align: 'right' as const },
    { label: 'Montant HT', width: width * 0.21, align: 'right' as const },
  ];
  const row = (cells: string[], bold: boolean) => {
    const top = doc.y;
    let x = MARGIN;
    let bottom = top;
    doc.font(bold ? FONT_BOLD : FONT).fillColor(COLOR_TEXT);
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(pdfText(cell), x, top, { width: column.width - 6, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  };
  row(columns.map((c) => c.label), true);
  doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + width, doc.y - 2).lineWidth(0.5).strokeColor(COLOR_MUTED).stroke();
  row([invoiceDesignation(invoice.credits), '1', eurosFromCents(invoice.amountExclTaxCents), eurosFromCents(invoice.amountExclTaxCents)], false);

  doc.moveDown(0.5);
  const rate = `${invoice.vatRateBasisPoints / 100}`.replace('.', ',');
  const totals: [string, string, boolean][] = [
    ['Total HT', eurosFromCents(invoice.amountExclTaxCents), false],
    [`TVA ${rate} %`, eurosFromCents(invoice.vatCents), false],
    ['Total TTC', eurosFromCents(invoice.totalCents), true],
  ];
  for (const [label, value, bold] of totals) {
    const top = doc.y;
    doc.font(bold ? FONT_BOLD : FONT).fillColor(COLOR_TEXT);
    doc.text(pdfText(label), MARGIN + width * 0.5, top, { width: width * 0.25, align: 'right' });
    doc.text(pdfText(value), MARGIN + width * 0.75, top, { width: width * 0.25 - 6, align: 'right' });
    doc.x = MARGIN;
  }

  sectionTitle(doc, 'Paiement');
  doc.font(FONT_BOLD).text(pdfText(`Payée le ${date(paidAt)} par carte bancaire.`), MARGIN);
  doc.font(FONT).fillColor(COLOR_MUTED).fontSize(9);
  doc.moveDown(0.5);
  doc.text(pdfText('Escompte pour paiement anticipé : néant.'), MARGIN, undefined, { width });
  doc.text(
    pdfText(
      "En cas de retard de paiement : pénalités au taux de trois fois le taux d'intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (articles L. 441-10 et D. 441-5 du Code de commerce).",
    ),
    MARGIN,
    undefined,
    { width },
  );
  doc.text(pdfText('Les crédits achetés sont ajoutés au solde de votre organisation dès le paiement.'), MARGIN, undefined, { width });

  return finishPdf(doc, `Facture ${invoice.number}`);
}
