// Shared pdfkit layout for every PDF the API produces (invoices, listing summaries, transfer
// documents): A4, the apps' typeface embedded (Source Sans 3, its static Latin files from
// @fontsource/source-sans-3, subset by pdfkit to the glyphs used), the apps' colours and logo mark
// (@terres/ui/tokens) in a 'Bourse aux terres' header, a footer with page numbers on every page,
// French formatting through @terres/domain.
//
// Headers and footers are drawn by `finishPdf` on the buffered pages, after the content: never
// from pdfkit's 'pageAdded' event. That event fires in the middle of a text run that overflows
// the page (a `continued` label and its value), and text drawn there reset the run's position:
// the line was printed over itself at the top of the next page (issue 19).
import { formatCredits, formatDate, formatEuros, formatNumber } from '@terres/domain';
import { colors, logoShapes } from '@terres/ui/tokens';
import PDFDocument from 'pdfkit';
import { SOURCE_SANS_3, SOURCE_SANS_3_RANGES } from './fonts.js';

export type Pdf = PDFKit.PDFDocument;

export const PRODUCT_NAME = 'Bourse aux terres';
export const MARGIN = 50;
/** Names the fonts are registered under in every document (createPdf). */
export const FONT = 'SourceSans3';
export const FONT_BOLD = 'SourceSans3-Bold';
export const COLOR_TEXT = colors.text;
export const COLOR_MUTED = colors.textMuted;
export const COLOR_ACCENT = colors.primary;

const FONT_FILES = { [FONT]: SOURCE_SANS_3.regular, [FONT_BOLD]: SOURCE_SANS_3.bold };

const covered = (char: string) => {
  const code = char.codePointAt(0)!;
  return SOURCE_SANS_3_RANGES.some(([from, to]) => code >= from && code <= to);
};
/** Letters without a decomposition that names in Europe use, and their base letter. */
const BASE_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', Ŧ: 'T', ŧ: 't' };

/** A character the embedded subset lacks: its letter without the accent (Š -> S), else '?'. */
function printable(char: string): string {
  if (covered(char)) return char;
  const base = BASE_LETTERS[char] ?? char.normalize('NFD').replace(/\p{M}+/gu, '');
  return base !== '' && [...base].every(covered) ? base : '?';
}
const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 40;

/**
 * Every text a PDF prints goes through here, user text included, so it is data, never layout:
 * line breaks, tabs and other control characters (C0, DEL, C1) and the Unicode line and
 * paragraph separators become one space (a name cannot start a paragraph or a fake article,
 * issue 20). Intl's narrow no-break space (U+202F, the French thousands separator) becomes a
 * plain no-break space, as the register and the e-mails write it. A character the embedded Latin
 * subset lacks would print as an empty box: it loses its accent (Š -> S) or becomes '?'.
 */
export function pdfText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\u202f/g, '\u00a0')
      .replace(/[^\u0020-\u007e\u00a0-\u00ff]/gu, printable)
  );
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
  // Text written while headings wait for their next block draws them first (never out of order).
  // The caller's font, size and colour are set again after them (a heading sets its own).
  const text = doc.text.bind(doc) as (...args: unknown[]) => Pdf;
  (doc as unknown as { text: (...args: unknown[]) => Pdf }).text = (...args: unknown[]) => {
    if ((waitingHeadings.get(doc) ?? []).length > 0) {
      // pdfkit's current font is its font object (an embedded font's name is its subset's, not a
      // name `font()` knows), so the object itself is put back.
      const state = doc as unknown as { _font: unknown; _fontSource: unknown; _fontFamily: unknown; _fontSize: number; _fillColor?: [string, number | undefined] };
      const [font, source, family, size, color] = [state._font, state._fontSource, state._fontFamily, state._fontSize, state._fillColor];
      drawWaitingHeadings(doc);
      Object.assign(state, { _font: font, _fontSource: source, _fontFamily: family });
      doc.fontSize(size);
      if (color) doc.fillColor(...color);
    }
    return text(...args);
  };
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  doc.font(FONT).fontSize(10).fillColor(COLOR_TEXT);
  return doc;
}

/** A heading waiting for the block it belongs with: its height, and how to draw it. */
interface WaitingHeading {
  height: number;
  draw: () => void;
}
const waitingHeadings = new WeakMap<Pdf, WaitingHeading[]>();

function drawWaitingHeadings(doc: Pdf): void {
  const waiting = waitingHeadings.get(doc);
  if (!waiting || waiting.length === 0) return;
  waitingHeadings.set(doc, []);
  for (const heading of waiting) heading.draw();
}

/**
 * Keep-with-next (issue 21): a heading (`height` points, drawn by `draw`) is not drawn now but
 * with the next block, by that block's `keepTogether`, on the page where the block starts: a
 * heading is never left alone at the foot of a page, whatever its next block (a paragraph, a
 * "label : value" row taller than the room left, a subheading, a table). Text written directly
 * draws the waiting headings first; `finishPdf` draws a last one.
 */
export function keepWithNext(doc: Pdf, height: number, draw: () => void): void {
  waitingHeadings.set(doc, [...(waitingHeadings.get(doc) ?? []), { height, draw }]);
}

/** The logo mark (its 32 x 32 shapes) drawn `size` points wide with its top left at (x, y). */
function drawLogo(doc: Pdf, x: number, y: number, size: number): void {
  doc.save();
  doc.translate(x, y).scale(size / 32);
  for (const shape of logoShapes) doc.path(shape.d).fillOpacity(shape.opacity ?? 1).fill(shape.fill);
  doc.restore();
}

/** The page's header, drawn by `finishPdf` once the content is laid out. */
function drawHeader(doc: Pdf, label: string | undefined): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.save();
  drawLogo(doc, MARGIN, MARGIN - 2, 20);
  doc.font(FONT_BOLD).fontSize(16).fillColor(COLOR_ACCENT).text(PRODUCT_NAME, MARGIN + 28, MARGIN, { lineBreak: false });
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
  drawWaitingHeadings(doc);
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
  const headings = (waitingHeadings.get(doc) ?? []).reduce((sum, heading) => sum + heading.height, 0);
  const room = pageBottom(doc) - doc.page.margins.top;
  // The headings waiting for this block go with it (keep-with-next).
  if (doc.y + headings + height > pageBottom(doc) && headings + height <= room) doc.addPage();
  drawWaitingHeadings(doc);
}

/**
 * A bold heading (`size` points, `before` and `after` lines of space around it) kept with the
 * block that follows it: drawn by that block's `keepTogether` (keep-with-next).
 */
export function heading(doc: Pdf, text: string, options: { size: number; color: string; before: number; after: number }): void {
  doc.font(FONT).fontSize(10);
  const line = doc.currentLineHeight(true);
  doc.font(FONT_BOLD).fontSize(options.size);
  const width = doc.page.width - 2 * MARGIN;
  const height = (options.before + options.after) * line + doc.heightOfString(pdfText(text), { width });
  doc.font(FONT).fontSize(10);
  keepWithNext(doc, height, () => {
    doc.font(FONT).fontSize(10).moveDown(options.before).font(FONT_BOLD).fontSize(options.size).fillColor(options.color).text(pdfText(text), MARGIN, doc.y, { width });
    doc.font(FONT).fontSize(10).moveDown(options.after).fillColor(COLOR_TEXT);
  });
}

/** A bold section title followed by a small gap, kept with its next lines. */
export function sectionTitle(doc: Pdf, title: string): void {
  heading(doc, title, { size: 11, color: COLOR_ACCENT, before: 0.8, after: 0.3 });
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
