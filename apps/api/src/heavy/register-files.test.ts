// The register's files keep every value exact and run no formula (issue 19): a project name that
// starts with '=' comes back as typed, from the XLSX's text cell and from the CSV once trimmed
// as Trackdéchets' reader trims it; the XLSX has one sheet and the `Erreur` column.
import { outgoingTexsRows, parseTexsCsv, readTexsTable, texsLineIssues, type ProcessedTransfer } from '@terres/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RegisterFile } from '../services/register.js';
import { registerCsv, registerExport, registerXlsx } from './register-files.js';
import { zip } from './zip.js';
import { unzip } from '../../test/helpers/unzip.js';

const NAME = '=Chantier "Les Tanneurs"; lot 3';
const transfer: ProcessedTransfer = {
  id: 'BT-2026-000123',
  dispatchDate: new Date().toISOString().slice(0, 10),
  wasteCode: '17 05 04',
  wasteDescription: 'Terre Végétale – Bonne qualité',
  volumeM3: 18,
  weightTonnes: 31.2,
  pop: false,
  producer: { siret: '73282932000074', name: 'Aménagement Mulhouse SAS', street: '1 rue de la Gare', postcode: '68100', city: 'Mulhouse' },
  productionSite: { name: NAME, street: '2 rue du Chantier', postcode: '68100', city: 'Mulhouse', parcelIds: ['68224000AB0123'], latitude: 47.75, longitude: 7.33 },
  receiver: { siret: '44306184100047', name: 'Colmar Habitat', street: '5 route de Bâle', postcode: '68000', city: 'Colmar' },
  receivingSite: { street: '12 rue des Jardins', postcode: '68000', city: 'Colmar', parcelIds: ['68066000CD0007'] },
  transporter: { siret: '51212345600018', name: 'Transports du Rhin', street: '3 quai du Port', postcode: '68200', city: 'Mulhouse', recepisseNumber: '2024-68-0012' },
};
const file: RegisterFile = {
  declarantSiret: '73282932000074',
  fileName: 'registre-sortant-terres-excavees_73282932000074_2026-11-01_2026-11-30.xlsx',
  lines: outgoingTexsRows(transfer).map((row) => ({ declarantSiret: '73282932000074', organizationId: 'x', day: transfer.dispatchDate, row, errors: ['À vérifier.'] })),
};

describe('register files', () => {
  it('XLSX: one sheet, typed text cells, the value exact, no formula, « Erreur » last', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await registerXlsx('outgoing', file)) as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.at(-1)).toBe('Erreur');
    const nameCell = sheet.getRow(2).getCell(header.indexOf("Référence du chantier ou du lieu de collecte de l'expéditeur ou du détenteur") + 1);
    expect(nameCell.type).toBe(ExcelJS.ValueType.String);
    expect(nameCell.formula).toBeUndefined();
    expect(nameCell.text).toBe(NAME);
    expect(sheet.getRow(2).getCell(header.length).text).toBe('À vérifier.');
  });

  it('CSV: the same value once trimmed as Trackdéchets trims it, and the line passes', () => {
    const [head = [], ...rows] = parseTexsCsv(registerCsv('outgoing', file));
    const table = readTexsTable('outgoing', head, rows);
    expect(table.lines[0]!.fields.reportForPickupSiteName).toBe(NAME);
    expect(table.lines[0]!.error).toBe('À vérifier.');
    expect(texsLineIssues('outgoing', table.lines[0]!.fields)).toEqual([]);
  });

  it('zips one file per declarant, read back whole', async () => {
    const bytes = await registerExport('outgoing', 'csv', [file, { ...file, fileName: 'b.csv' }], true);
    const entries = unzip(bytes);
    expect(entries.map((entry) => entry.name)).toEqual([file.fileName, 'b.csv']);
    expect(entries[0]!.data.toString('utf8')).toBe(registerCsv('outgoing', file));
    expect(unzip(zip([]))).toEqual([]);
  });
});
