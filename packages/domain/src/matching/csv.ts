import {
  INCOMING_TEXS_HEADERS,
  OUTGOING_TEXS_HEADERS,
  type IncomingTexsRow,
  type OutgoingTexsRow,
  type TexsValue,
} from './register';

// French CSV, as Excel in France and Trackdéchets' import both read it:
// - UTF-8 with a byte-order mark (Excel otherwise guesses Windows-1252 and breaks accents;
//   Trackdéchets checks UTF-8 and trims the mark off the first header);
// - ';' between cells (Trackdéchets' CSV delimiter; Excel's in a French locale), CRLF between lines;
// - numbers with a decimal comma and no thousands separator ('1234,5'), which Trackdéchets reads
//   (`Number(value.replace(',', '.'))`) and French Excel takes as numbers;
// - coordinates keep their dot ('47.75 7.33'): the register's pattern demands it;
// - yes/no as OUI/NON, the weight type as ESTIME/REEL, lists joined by commas, dates 'YYYY-MM-DD';
// - a cell holding ';', '"', a line break or edge spaces is quoted, quotes doubled (RFC 4180);
// - a text cell starting with =, +, -, @, tab or CR gets a leading apostrophe, so a spreadsheet
//   never runs a project name as a formula (OWASP « CSV injection »).

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

/** '1234,5' (at most `maxFractionDigits`, no grouping); '' for a value that is not a finite number. */
export function csvNumber(value: number, maxFractionDigits = 3): string {
  if (!Number.isFinite(value)) return '';
  const factor = 10 ** maxFractionDigits;
  const rounded = Math.round(value * factor) / factor;
  let fixed = rounded.toFixed(maxFractionDigits);
  if (fixed.includes('.')) fixed = fixed.replace(/0+$/, '').replace(/\.$/, '');
  return (fixed === '-0' ? '0' : fixed).replace('.', ',');
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell's text, quoted when needed. */
export function csvCell(value: string | number | boolean | readonly string[] | null | undefined): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number') text = csvNumber(value);
  else if (typeof value === 'boolean') text = value ? 'OUI' : 'NON';
  else if (Array.isArray(value)) text = value.join(',');
  else text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: BOM, header line, one line per row, each line ended by CRLF. */
export function toCsv(headers: readonly string[], rows: readonly (readonly (string | number | boolean | readonly string[] | null | undefined)[])[]): string {
  const lines = [headers, ...rows].map((cells) => cells.map((cell) => csvCell(cell)).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.map((line) => `${line}${CSV_LINE_END}`).join('')}`;
}

// Cells whose value is a boolean but whose file form is not OUI/NON.
function texsCell(field: string, value: TexsValue): string | number | boolean | readonly string[] | null {
  if (field === 'weightIsEstimate' && typeof value === 'boolean') return value ? 'ESTIME' : 'REEL';
  return value;
}

function texsCsv(headers: Record<string, string>, rows: readonly Record<string, TexsValue>[]): string {
  const fields = Object.keys(headers);
  return toCsv(
    fields.map((field) => headers[field] as string),
    rows.map((row) => fields.map((field) => texsCell(field, row[field] ?? null))),
  );
}

/** The outgoing TEXS register as a CSV file Trackdéchets imports. */
export function outgoingTexsCsv(rows: readonly OutgoingTexsRow[]): string {
  return texsCsv(OUTGOING_TEXS_HEADERS, rows);
}

/** The incoming TEXS register as a CSV file Trackdéchets imports. */
export function incomingTexsCsv(rows: readonly IncomingTexsRow[]): string {
  return texsCsv(INCOMING_TEXS_HEADERS, rows);
}

/** A row's cells in header order, as the file shows them (ESTIME/REEL, OUI/NON kept as booleans for XLSX). */
export function texsCells(headers: Record<string, string>, row: Record<string, TexsValue>): (string | number | boolean | readonly string[] | null)[] {
  return Object.keys(headers).map((field) => texsCell(field, row[field] ?? null));
}
