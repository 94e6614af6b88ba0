// Shared pdfkit layout for every PDF the API produces (invoices, listing summaries, transfer
// documents): A4, the built-in Helvetica fonts (no font files to ship), a 'Bourse aux terres'
// header and a footer with page numbers on every page, French formatting through @terres/domain.
//
// Headers and footers are drawn by `finishPdf` on the buffered pages, after the content: never
// from pdfkit's 'pageAdded' event. That event fires in the middle of a text run that overflows
// the page (a `continued` label and its value), and text drawn there reset the run's position:
// the line was printed over itself at the top of the next page (issue 19).
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
 * Every text a PDF prints goes through here, user text included, so it is data, never layout:
 * line breaks, tabs and other control characters (C0, DEL, C1) and the Unicode line and
 * paragraph separators become one space (a name cannot start a paragraph or a fake article,
 * issue 20). The built-in fonts only know WinAnsi: Intl's narrow no-break space (U+202F, the
 * French thousands separator) would print as garbage, so it becomes a plain no-break space.
 */
export function pdfText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\u202f/g, '\u00a0');
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

const headerLabels = new WeakMap<Pdf, string | undefined>();

/**
 * An A4 document whose content starts below the header's room; call `finishPdf` (not
 * `doc.end()`) to draw the headers and footers and get the bytes.
 */
export function createPdf({ title, headerLabel }: CreatePdfOptions): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + HEADER_HEIGHT, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: pdfText(title), Author: PRODUCT_NAME, Creator: PRODUCT_NAME },
    lang: 'fr-FR',
  });
  headerLabels.set(doc, headerLabel);
  doc.font(FONT).fontSize(10).fillColor(COLOR_TEXT);
  return doc;
}

/** The page's header, drawn by `finishPdf` once the content is laid out. */
function drawHeader(doc: Pdf, label: string | undefined): void {
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
}

/** Headers, and footers ('Bourse aux terres', optional text, 'Page n / N'), on every page, then the bytes. */
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
    drawHeader(doc, headerLabels.get(doc));
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

/** The bottom of the page's writable area. */
export function pageBottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

/**
 * Starts a new page when `height` points do not fit below the cursor, so that a block (a
 * "label : value" row, a title and its first lines) is never cut. A block taller than a whole
 * page is let flow (pdfkit breaks it line by line).
 */
export function keepTogether(doc: Pdf, height: number): void {
  const room = pageBottom(doc) - doc.page.margins.top;
  if (doc.y + height > pageBottom(doc) && height <= room) doc.addPage();
}

/** A bold section title followed by a small gap, never alone at the foot of a page. */
export function sectionTitle(doc: Pdf, title: string): void {
  keepTogether(doc, 70);
  doc.moveDown(0.8).font(FONT_BOLD).fontSize(11).fillColor(COLOR_ACCENT).text(pdfText(title), MARGIN);
  doc.moveDown(0.3).font(FONT).fontSize(10).fillColor(COLOR_TEXT);
}

/** 'Label : value' lines, label in grey; a row is kept on one page. */
export function keyValues(doc: Pdf, rows: ReadonlyArray<readonly [string, string]>): void {
  const width = doc.page.width - 2 * MARGIN;
  for (const [label, value] of rows) {
    const head = `${pdfText(label)} : `;
    doc.font(FONT).fontSize(10);
    keepTogether(doc, doc.heightOfString(head + pdfText(value), { width }));
    doc.fillColor(COLOR_MUTED).text(head, MARGIN, doc.y, { continued: true, width });
    doc.fillColor(COLOR_TEXT).text(pdfText(value));
  }
}
