import { describe, expect, it } from 'vitest';
import { outgoingTexsCsv, incomingTexsCsv } from './csv';
import { incomingTexsRows, outgoingTexsRows, type ProcessedTransfer } from './register';
import { parseTexsCsv, readTexsTable, texsLineIssues } from './register-conformance';

const now = new Date('2026-11-22T10:00:00Z');

const TRANSFER: ProcessedTransfer = {
  id: 'bt-2026-000123',
  dispatchDate: '2026-11-10',
  receptionDate: '2026-11-11',
  wasteCode: '17 05 03*',
  wasteDescription: 'Remblai – Nature inconnue',
  volumeM3: 14,
  weightTonnes: 24.1,
  producer: { siret: '73282932000074', name: 'Aménagement Mulhouse SAS', street: '1 rue de la Gare', postcode: '68100', city: 'Mulhouse' },
  productionSite: { name: '=Chantier "Les Tanneurs"; lot 3', street: '2 rue du Chantier', postcode: '68100', city: 'Mulhouse', parcelIds: ['68224000AB0123'], latitude: 47.75, longitude: 7.33 },
  receiver: { siret: '44306184100047', name: 'Colmar Habitat', street: '5 route de Bâle', postcode: '68000', city: 'Colmar' },
  receivingSite: { street: '12 rue des Jardins', postcode: '68000', city: 'Colmar', parcelIds: ['68066000CD0007'], latitude: 48.0794, longitude: 7.3585 },
  transporter: { siret: '51212345600018', name: 'Transports du Rhin', street: '3 quai du Port', postcode: '68200', city: 'Mulhouse', recepisseNumber: '2024-68-0012' },
};

function lines(kind: 'outgoing' | 'incoming', transfer: ProcessedTransfer) {
  const csv = kind === 'outgoing' ? outgoingTexsCsv(outgoingTexsRows(transfer), ['']) : incomingTexsCsv(incomingTexsRows(transfer), ['']);
  const [header = [], ...rows] = parseTexsCsv(csv);
  return readTexsTable(kind, header, rows);
}

describe('texsLineIssues', () => {
  it.each(['outgoing', 'incoming'] as const)('passes a complete %s line read back from our CSV, the project name exact', (kind) => {
    const table = lines(kind, TRANSFER);
    expect(table.unknownHeaders).toEqual([]);
    expect(table.missingFields).toEqual([]);
    const [line] = table.lines;
    expect(texsLineIssues(kind, line!.fields, { now })).toEqual([]);
    const name = kind === 'outgoing' ? line!.fields.reportForPickupSiteName : line!.fields.emitterPickupSiteName;
    expect(name).toBe('=Chantier "Les Tanneurs"; lot 3');
  });

  it('refuses what Trackdéchets refuses', () => {
    const [line] = lines('outgoing', { ...TRANSFER, transporter: null, dispatchDate: '2025-05-20' }).lines;
    const fields = { ...line!.fields, publicId: 'a'.repeat(37), wasteIsDangerous: 'NON', weightValue: '10000,5', parcelNumbers: '0-AB-123,1-B-2', operationMode: 'ELIMINATION' };
    expect(texsLineIssues('outgoing', fields, { now }).map((issue) => issue.field)).toEqual([
      'publicId',
      'wasteIsDangerous',
      'dispatchDate',
      'weightValue',
      'parcelNumbers',
      'operationMode',
      'transporter1CompanyOrgId',
    ]);
  });

  it('reports a header it does not know, and ignores « Erreur »', () => {
    const table = readTexsTable('outgoing', ['Motif', 'Erreur', 'Point à compléter'], [['', 'x', 'y']]);
    expect(table.unknownHeaders).toEqual(['Point à compléter']);
    expect(table.lines[0]?.error).toBe('x');
  });
});
