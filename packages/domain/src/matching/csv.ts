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
// - a text cell starting with =, +, - or @ gets a leading tab (and is quoted), so a spreadsheet
//   shows it as text and never runs a project name as a formula (OWASP « CSV injection »), while
//   Trackdéchets, which trims every cell (fast-csv `trim: true`, JavaScript's `trim()` removes the
//   tab), reads the value exactly as entered. An apostrophe, as before issue 19, was imported as
//   part of the value;
// - an optional last column `Erreur` (Trackdéchets ignores a column of that exact header) says
//   what to complete on a line before the import.

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

const FORMULA_START = /^[=+\-@]/;

/** The header of the column Trackdéchets' import ignores (`ERROR_HEADER` of its options.ts): what to complete. */
export const TEXS_ERROR_HEADER = 'Erreur';

/** One cell's text, quoted when needed. */
export function csvCell(value: string | number | boolean | readonly string[] | null | undefined): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number') text = csvNumber(value);
  else if (typeof value === 'boolean') text = value ? 'OUI' : 'NON';
  else if (Array.isArray(value)) text = value.join(',');
  else text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `\t${text}`;
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

function texsCsv(headers: Record<string, string>, rows: readonly Record<string, TexsValue>[], errors?: readonly string[]): string {
  const fields = Object.keys(headers);
  const withErrors = errors !== undefined;
  return toCsv(
    [...fields.map((field) => headers[field] as string), ...(withErrors ? [TEXS_ERROR_HEADER] : [])],
    rows.map((row, index) => [...fields.map((field) => texsCell(field, row[field] ?? null)), ...(withErrors ? [errors[index] ?? ''] : [])]),
  );
}

/**
 * The outgoing TEXS register as a CSV file Trackdéchets imports; with `errors` (one text per
 * row, '' when the line is complete), a last column `Erreur` that the import ignores.
 */
export function outgoingTexsCsv(rows: readonly OutgoingTexsRow[], errors?: readonly string[]): string {
  return texsCsv(OUTGOING_TEXS_HEADERS, rows, errors);
}

/** The incoming TEXS register as a CSV file Trackdéchets imports (`errors`: as for the outgoing one). */
export function incomingTexsCsv(rows: readonly IncomingTexsRow[], errors?: readonly string[]): string {
  return texsCsv(INCOMING_TEXS_HEADERS, rows, errors);
}

/** A row's cells in header order, as the file shows them (ESTIME/REEL, OUI/NON kept as booleans for XLSX). */
export function texsCells(headers: Record<string, string>, row: Record<string, TexsValue>): (string | number | boolean | readonly string[] | null)[] {
  return Object.keys(headers).map((field) => texsCell(field, row[field] ?? null));
}
