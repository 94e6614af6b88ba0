// Where each piece of text of a pdfkit document lands, read back from the PDF's bytes (issue 19:
// "no text may overlap, on any page"): the page objects in /Kids order, each page's content
// stream inflated, and for each text object its `Tm` origin (the baseline, PDF coordinates),
// its font (`Tf`, resolved through the font objects' /BaseFont) and its TJ strings. The width
// of a run is measured with the same font metrics (pdfkit's AFM of the built-in fonts) plus the
// TJ adjustments; its box spans the font's descender to ascender.
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

export interface TextRun {
  page: number;
  text: string;
  font: string;
  size: number;
  left: number;
  right: number;
  bottom: number;
  top: number;
}

const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x8c: 'Œ', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—', 0x9c: 'œ' };

function objectBody(source: string, id: string): string {
  const start = source.search(new RegExp(`(^|\\n)${id} 0 obj`));
  if (start < 0) throw new Error(`object ${id} not found`);
  return source.slice(start, source.indexOf('endobj', start));
}

function streamOf(pdf: Buffer, source: string, id: string): string {
  const start = source.search(new RegExp(`(^|\\n)${id} 0 obj`));
  const open = source.indexOf('stream', start);
  const begin = open + (source[open + 6] === '\r' ? 8 : 7);
  const end = source.indexOf('endstream', begin);
  const bytes = pdf.subarray(begin, end);
  try {
    return inflateSync(bytes).toString('latin1');
  } catch {
    return bytes.toString('latin1');
  }
}

/** Every text run of the document, page by page (1-based). */
export function pdfTextRuns(pdf: Buffer): TextRun[] {
  const source = pdf.toString('latin1');
  const metrics = new PDFDocument({ autoFirstPage: false });
  const root = /\/Type \/Pages\s*\/Count \d+\s*\/Kids \[([^\]]*)\]/.exec(source) ?? /\/Kids \[([^\]]*)\]/.exec(source);
  if (!root) throw new Error('no page tree');
  const pageIds = [...root[1]!.matchAll(/(\d+) 0 R/g)].map((m) => m[1]!);
  const runs: TextRun[] = [];
  pageIds.forEach((pageId, index) => {
    const page = objectBody(source, pageId);
    const contents = /\/Contents (\d+) 0 R/.exec(page)![1]!;
    const fonts = new Map<string, string>();
    for (const m of page.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const base = /\/BaseFont \/([A-Za-z-]+)/.exec(objectBody(source, m[2]!));
      if (base) fonts.set(m[1]!, base[1]!);
    }
    const content = streamOf(pdf, source, contents);
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const body = block[1]!;
      const origin = /([-\d.]+) ([-\d.]+) Tm/.exec(body);
      const font = /\/(F\d+) ([\d.]+) Tf/.exec(body);
      if (!origin || !font) continue;
      const name = fonts.get(font[1]!) ?? 'Helvetica';
      const size = Number(font[2]);
      let text = '';
      let adjust = 0;
      for (const op of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
        for (const part of op[1]!.matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)) {
          if (part[1] !== undefined) for (const byte of Buffer.from(part[1], 'hex')) text += WIN_ANSI[byte] ?? String.fromCharCode(byte);
          else adjust += Number(part[2]);
        }
      }
      if (text.trim() === '') continue;
      metrics.font(name).fontSize(size);
      // Trailing spaces of a wrapped line print nothing: they do not widen the run.
      const trailing = text.length - text.trimEnd().length;
      const width = metrics.widthOfString(text) - metrics.widthOfString(' '.repeat(trailing)) - (adjust * size) / 1000;
      const x = Number(origin[1]);
      const y = Number(origin[2]);
      const font_ = (metrics as unknown as { _font: { ascender: number; descender: number } })._font;
      runs.push({
        page: index + 1,
        text,
        font: name,
        size,
        left: x,
        right: x + width,
        bottom: y + (font_.descender / 1000) * size,
        top: y + (font_.ascender / 1000) * size,
      });
    }
  });
  return runs;
}

/** Pairs of runs on the same page whose boxes share more than `tolerance` points both ways. */
export function overlappingRuns(runs: readonly TextRun[], tolerance = 0.5): [TextRun, TextRun][] {
  const found: [TextRun, TextRun][] = [];
  for (let i = 0; i < runs.length; i += 1) {
    for (let j = i + 1; j < runs.length; j += 1) {
      const a = runs[i]!;
      const b = runs[j]!;
      if (a.page !== b.page) continue;
      const wide = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const high = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
      if (wide > tolerance && high > tolerance) found.push([a, b]);
    }
  }
  return found;
}
