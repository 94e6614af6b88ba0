// The register export's files, CSV and XLSX (exceljs), one per declaring SIRET, zipped when
// several (issue 19), from the lines of services/register.ts: run in a worker thread
// (./tasks.ts), since thousands of lines (and zipping a workbook) are synchronous work.
//
// - XLSX: ONE sheet (Trackdéchets checks the header row of every sheet), text as typed string
//   cells (never a formula, the value exact), numbers as numbers; a last column `Erreur`, which
//   Trackdéchets ignores, says what to complete on a line. The file to import.
// - CSV: the same columns (domain `outgoingTexsCsv` / `incomingTexsCsv`), a text starting with
//   = + - @ preceded by a tab that Trackdéchets trims and that keeps a spreadsheet from running it.
import {
  INCOMING_TEXS_HEADERS,
  incomingTexsCsv,
  OUTGOING_TEXS_HEADERS,
  outgoingTexsCsv,
  TEXS_ERROR_HEADER,
  texsCells,
  type IncomingTexsRow,
  type OutgoingTexsRow,
} from '@terres/domain';
import ExcelJS from 'exceljs';
import type { RegisterFile, RegisterFormat, RegisterKind } from '../services/register.js';
import { zip } from './zip.js';

// XLSX cells as the register's file import reads them: OUI/NON, lists joined by commas.
function xlsxCell(value: string | number | boolean | readonly string[] | null): string | number | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 'OUI' : 'NON';
  if (Array.isArray(value)) return value.join(',');
  return value as string | number;
}

const errorText = (errors: readonly string[]) => errors.join(' ');

/** One declarant's lines as an XLSX workbook of one sheet. */
export async function registerXlsx(kind: RegisterKind, file: RegisterFile): Promise<Buffer> {
  const headers: Record<string, string> = kind === 'outgoing' ? OUTGOING_TEXS_HEADERS : INCOMING_TEXS_HEADERS;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Bourse aux terres';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(kind === 'outgoing' ? 'Registre sortant' : 'Registre entrant');
  sheet.addRow([...Object.values(headers), TEXS_ERROR_HEADER]).font = { bold: true };
  for (const line of file.lines) sheet.addRow([...texsCells(headers, line.row).map(xlsxCell), errorText(line.errors) || null]);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One declarant's lines as the register's French CSV (BOM, ';', CRLF), with the `Erreur` column. */
export function registerCsv(kind: RegisterKind, file: RegisterFile): string {
  const errors = file.lines.map((line) => errorText(line.errors));
  return kind === 'outgoing'
    ? outgoingTexsCsv(
        file.lines.map((line) => line.row as OutgoingTexsRow),
        errors,
      )
    : incomingTexsCsv(
        file.lines.map((line) => line.row as IncomingTexsRow),
        errors,
      );
}

async function fileBytes(kind: RegisterKind, format: RegisterFormat, file: RegisterFile): Promise<Buffer> {
  return format === 'csv' ? Buffer.from(registerCsv(kind, file), 'utf8') : registerXlsx(kind, file);
}

/** One file, or a ZIP of one file per declarant. */
export async function registerExport(kind: RegisterKind, format: RegisterFormat, files: readonly RegisterFile[], zipped: boolean): Promise<Buffer> {
  if (!zipped) {
    const [file] = files;
    return fileBytes(kind, format, file ?? { declarantSiret: '', fileName: '', lines: [] });
  }
  const entries = [];
  for (const file of files) entries.push({ name: file.fileName, data: await fileBytes(kind, format, file) });
  return zip(entries);
}
