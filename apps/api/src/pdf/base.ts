// Shared pdfkit layout for every PDF the API produces (invoices, listing summaries): A4,
// the built-in Helvetica fonts (no font files to ship), a 'Bourse aux terres' header and a
// footer with page numbers on every page, French formatting through @terres/domain.
import { formatCredits, formatDate, formatEuros, formatNumber } from '@terres/domain';
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export const PRODUCT_NAME = 'Bourse aux terres';
export const MARGIN = 50;
export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const COLOR_TEXT = '#1f2933';
export const COLOR_MUTED = '#616e7c';
export const COLOR_ACCENT = '#2f6b3a';
const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 40;

/**
 * The built-in fonts only know WinAnsi: Intl's narrow no-break space (U+202F, the French
 * thousands separator) would print as garbage, so it becomes a plain no-break space.
 */
export function pdfText(value: string): string {
  return value.replace(/\u202f/g, '\u00a0');
}

/** '1 234,50 €' from euros. */
export const euros = (value: number): string => pdfText(formatEuros(value));
/** '1 234,50 €' from cents (integers, as stored). */
export const eurosFromCents = (cents: number): string => euros(cents / 100);
export const number = (value: number, maxFractionDigits = 2): string => pdfText(formatNumber(value, maxFractionDigits));
export const credits = (value: number): string => pdfText(formatCredits(value));
/** 'DD/MM/YYYY', the Europe/Paris day. */
export const date = (value: Date | string): string => formatDate(value);

export interface CreatePdfOptions {
  /** Document title (PDF metadata), e.g. 'Facture FA-2026-000001'. */
  title: string;
  /** Shown at the right of the header, e.g. 'Facture'. */
  headerLabel?: string;
}

/**
 * An A4 document with the header drawn on each page; call `finishPdf` (not `doc.end()`) to add
 * the footers and get the bytes.
 */
export function createPdf({ title, headerLabel }: CreatePdfOptions): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + HEADER_HEIGHT, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: pdfText(title), Author: PRODUCT_NAME, Creator: PRODUCT_NAME },
    lang: 'fr-FR',
  });
  const header = () => drawHeader(doc, headerLabel);
  header();
  doc.on('pageAdded', header);
  doc.font(FONT).fontSize(10).fillColor(COLOR_TEXT);
  return doc;
}

function drawHeader(doc: Pdf, label: string | undefined): void {
  const { x, y } = doc;
  const width = doc.page.width - 2 * MARGIN;
  doc.save();
  doc.font(FONT_BOLD).fontSize(16).fillColor(COLOR_ACCENT).text(PRODUCT_NAME, MARGIN, MARGIN, { lineBreak: false });
  if (label) {
    doc.font(FONT).fontSize(10).fillColor(COLOR_MUTED).text(pdfText(label), MARGIN, MARGIN + 4, { width, align: 'right', lineBreak: false });
  }
  doc
    .moveTo(MARGIN, MARGIN + 26)
    .lineTo(MARGIN + width, MARGIN + 26)
    .lineWidth(1)
    .strokeColor(COLOR_ACCENT)
    .stroke();
  doc.restore();
  doc.font(FONT).fontSize(10).fillColor(COLOR_TEXT);
  doc.x = x;
  doc.y = Math.max(y, MARGIN + HEADER_HEIGHT);
}

/** Footers ('Bourse aux terres', optional text, 'Page n / N') on every page, then the bytes. */
export function finishPdf(doc: Pdf, footerText?: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const width = doc.page.width - 2 * MARGIN;
    const top = doc.page.height - MARGIN - FOOTER_HEIGHT + 10;
    // Writing below the bottom margin would add a page: lift the margin while drawing.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.save();
    doc.moveTo(MARGIN, top).lineTo(MARGIN + width, top).lineWidth(0.5).strokeColor(COLOR_MUTED).stroke();
    doc.font(FONT).fontSize(8).fillColor(COLOR_MUTED);
    const left = footerText ? `${PRODUCT_NAME} · ${pdfText(footerText)}` : PRODUCT_NAME;
    doc.text(left, MARGIN, top + 6, { width: width - 80, lineBreak: false });
    doc.text(`Page ${index - range.start + 1} / ${range.count}`, MARGIN, top + 6, { width, align: 'right', lineBreak: false });
    doc.restore();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** A bold section title followed by a small gap. */
export function sectionTitle(doc: Pdf, title: string): void {
  doc.moveDown(0.8).font(FONT_BOLD).fontSize(11).fillColor(COLOR_ACCENT).text(pdfText(title), MARGIN);
  doc.moveDown(0.3).font(FONT).fontSize(10).fillColor(COLOR_TEXT);
}

/** 'Label : value' lines, label in grey. */
export function keyValues(doc: Pdf, rows: ReadonlyArray<readonly [string, string]>): void {
  for (const [label, value] of rows) {
    doc.font(FONT).fillColor(COLOR_MUTED).text(`${pdfText(label)} : `, MARGIN, undefined, { continued: true });
    doc.fillColor(COLOR_TEXT).text(pdfText(value));
  }
}
