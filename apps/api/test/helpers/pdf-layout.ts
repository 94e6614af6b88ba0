// Where each piece of text of a pdfkit document lands, read back from the PDF's bytes (issue 19:
// "no text may overlap, on any page"): the page objects in /Kids order, each page's content
// stream inflated, and for each text object its `Tm` origin (the baseline, PDF coordinates),
// its font (`Tf`, resolved through the font objects' /BaseFont) and its TJ strings. The width
// of a run is measured with the same font metrics (the embedded Source Sans 3, or pdfkit's AFM of
// a built-in font) plus the TJ adjustments; its box spans the font's descender to ascender. An
// embedded font's glyph codes are read through its ToUnicode CMap (as `pdfText` of fixtures.ts).
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { SOURCE_SANS_3 } from '../../src/pdf/fonts.js';

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

/** A ToUnicode CMap as pdfkit writes it (bfrange with arrays, or bfchar): glyph code -> text. */
export function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const unicode = (hex: string) => String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, list, base] of (block ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(?:\[([^\]]*)\]|<([0-9a-f]+)>)/gi)) {
      const first = Number.parseInt(from!, 16);
      const last = Number.parseInt(to!, 16);
      const targets = list ? [...list.matchAll(/<([0-9a-f\s]+)>/gi)].map((m) => unicode(m[1]!)) : null;
      for (let code = first; code <= last; code += 1) {
        const text = targets ? targets[code - first] : String.fromCharCode(Number.parseInt(base!, 16) + code - first);
        if (text !== undefined) map.set(code, text);
      }
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of (block ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) map.set(Number.parseInt(code!, 16), unicode(text!));
  }
  return map;
}

/** An embedded subset's /BaseFont (`ABCDEF+SourceSans3-Bold`) -> the font file measuring it. */
function metricsFont(baseFont: string): string | Buffer {
  const name = baseFont.replace(/^[A-Z]{6}\+/, '');
  if (name.startsWith('SourceSans3')) return name.endsWith('Bold') ? SOURCE_SANS_3.bold : SOURCE_SANS_3.regular;
  return name;
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
    const unicodeMaps = new Map<string, Map<number, string>>();
    // The fonts are named in the page's resources, written inline or as an object of their own.
    const resourcesRef = /\/Resources (\d+) 0 R/.exec(page);
    const resources = resourcesRef ? objectBody(source, resourcesRef[1]!) : page;
    for (const m of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const fontObject = objectBody(source, m[2]!);
      const base = /\/BaseFont \/([A-Za-z0-9+-]+)/.exec(fontObject);
      if (base) fonts.set(m[1]!, base[1]!.replace(/^[A-Z]{6}\+/, ''));
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(fontObject);
      if (toUnicode) unicodeMaps.set(m[1]!, parseToUnicode(streamOf(pdf, source, toUnicode[1]!)));
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
          if (part[1] !== undefined) {
            const bytes = Buffer.from(part[1], 'hex');
            const glyphs = unicodeMaps.get(font[1]!);
            if (glyphs) for (let i = 0; i + 1 < bytes.length; i += 2) text += glyphs.get(bytes.readUInt16BE(i)) ?? '';
            else for (const byte of bytes) text += WIN_ANSI[byte] ?? String.fromCharCode(byte);
          } else adjust += Number(part[2]);
        }
      }
      if (text.trim() === '') continue;
      metrics.font(metricsFont(name)).fontSize(size);
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

/** The page's header (brand, label, rule) sits above this many points from the top; the footer is 8 pt text. */
const CONTENT_TOP_FROM_PAGE_TOP = 110;
const FOOTER_SIZE = 8;

/**
 * Headings left alone at the foot of a page: a bold run of `minSize` points or more (a section
 * title, a subheading) with no body text under it on its page, while more text follows on the
 * next pages. The page header and the footer (8 pt) are not body text.
 */
export function orphanHeadings(runs: readonly TextRun[], options: { pageHeight?: number; minSize?: number } = {}): TextRun[] {
  const pageHeight = options.pageHeight ?? 841.89;
  const minSize = options.minSize ?? 10;
  const body = runs.filter((run) => run.size > FOOTER_SIZE && run.top <= pageHeight - CONTENT_TOP_FROM_PAGE_TOP);
  const lastPage = Math.max(0, ...body.map((run) => run.page));
  return body.filter(
    (run) =>
      run.font.endsWith('Bold') &&
      run.size >= minSize &&
      run.page < lastPage &&
      // A line set right under it touches it: its top is the heading's bottom (to rounding).
      !body.some((other) => other.page === run.page && other !== run && other.top < run.bottom + 0.5),
  );
}
