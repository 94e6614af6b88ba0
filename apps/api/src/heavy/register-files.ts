// The register export's files, CSV and XLSX (exceljs), from the transfers read by
// services/register.ts: run in a worker thread (./tasks.ts), since building thousands of lines
// (and zipping a workbook) is synchronous work of up to seconds.
import {
  INCOMING_TEXS_HEADERS,
  incomingTexsCsv,
  incomingTexsRows,
  OUTGOING_TEXS_HEADERS,
  outgoingTexsCsv,
  outgoingTexsRows,
  texsCells,
  type TexsValue,
} from '@terres/domain';
import ExcelJS from 'exceljs';
import type { RegisterKind, RegisterTransfer } from '../services/register.js';

// XLSX cells as the register's file import reads them: OUI/NON, lists joined by commas.
function xlsxCell(value: string | number | boolean | readonly string[] | null): string | number | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 'OUI' : 'NON';
  if (Array.isArray(value)) return value.join(',');
  return value as string | number;
}

/** The same lines as an XLSX workbook, plus a sheet of what to complete before the import. */
export async function registerXlsx(kind: RegisterKind, transfers: readonly RegisterTransfer[]): Promise<Buffer> {
  const headers: Record<string, string> = kind === 'outgoing' ? OUTGOING_TEXS_HEADERS : INCOMING_TEXS_HEADERS;
  const rows: Record<string, TexsValue>[] = transfers.flatMap(({ transfer }): Record<string, TexsValue>[] =>
    kind === 'outgoing' ? outgoingTexsRows(transfer) : incomingTexsRows(transfer),
  );
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Bourse aux terres';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(kind === 'outgoing' ? 'Registre sortant' : 'Registre entrant');
  sheet.addRow(Object.values(headers)).font = { bold: true };
  for (const row of rows) sheet.addRow(texsCells(headers, row).map(xlsxCell));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  const notes = workbook.addWorksheet('À compléter');
  notes.addRow(['Identifiant unique', 'Point à compléter avant l’import']).font = { bold: true };
  for (const { transfer, issues } of transfers) for (const issue of issues) notes.addRow([transfer.id, issue]);
  notes.getColumn(1).width = 40;
  notes.getColumn(2).width = 100;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The register's French CSV (BOM, ';', CRLF), as Trackdéchets imports it. */
export function registerCsv(kind: RegisterKind, transfers: readonly RegisterTransfer[]): string {
  return kind === 'outgoing'
    ? outgoingTexsCsv(transfers.flatMap(({ transfer }) => outgoingTexsRows(transfer)))
    : incomingTexsCsv(transfers.flatMap(({ transfer }) => incomingTexsRows(transfer)));
}
