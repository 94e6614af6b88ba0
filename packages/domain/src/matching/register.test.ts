import { describe, expect, it } from 'vitest';
import { incomingTexsCsv, outgoingTexsCsv } from './csv';
import { matchingMessages } from './messages';
import {
  INCOMING_TEXS_HEADERS,
  incomingTexsRows,
  OUTGOING_TEXS_HEADERS,
  outgoingTexsRows,
  registerIssues,
  registerMotifs,
  registerParcel,
  repeatedPublicIds,
  splitQuantities,
  texsDapOf,
  texsPublicId,
  type ExportedRegisterLine,
  type ProcessedTransfer,
} from './register';

const TRANSFER: ProcessedTransfer = {
  id: '5f0c3f5e-8a51-4c8e-9a7e-2a3b1c4d5e6f',
  dispatchDate: '2026-11-10',
  receptionDate: '2026-11-10',
  wasteCode: '17 05 04',
  wasteDescription: 'Terre Végétale – Bonne qualité',
  volumeM3: 3500,
  producer: { siret: '732 829 320 00074', name: 'Aménagement Mulhouse SAS', street: '1 rue de la Gare', postcode: '68100', city: 'Mulhouse' },
  productionSite: {
    name: 'Parking de la gare',
    street: '2 rue du Chantier',
    postcode: '68100',
    city: 'Mulhouse',
    parcelIds: ['68224000AB0123', '682240000A0045'],
    latitude: 47.7508,
    longitude: 7.3359,
  },
  receiver: { siret: '44306184100047', name: 'Colmar Habitat', street: '5 route de Bâle', postcode: '68000', city: 'Colmar' },
  receivingSite: { street: '12 rue des Jardins', postcode: '68000', city: 'Colmar', parcelIds: ['68066000CD0007'], latitude: 48.0794, longitude: 7.3585 },
  transporter: {
    siret: '51212345600018',
    name: 'Transports du Rhin',
    street: '3 quai du Port',
    postcode: '68200',
    city: 'Mulhouse',
    recepisseNumber: '2024-68-0012',
  },
};

describe('registerParcel', () => {
  it('splits a cadastre id into the INSEE code and « préfixe-section-numéro » without padding', () => {
    expect(registerParcel('68224000AB0123')).toEqual({ inseeCode: '68224', number: '0-AB-123' });
    expect(registerParcel('68 2240 000A 0045')).toEqual({ inseeCode: '68224', number: '0-A-45' });
    expect(registerParcel('2A004123AB0001')).toEqual({ inseeCode: '2A004', number: '123-AB-1' });
    expect(registerParcel('68224ABCAB0123')).toBeNull(); // a prefix that is not 3 digits
    expect(registerParcel('nope')).toBeNull();
  });
});

describe('outgoingTexsRows', () => {
  const [row, ...others] = outgoingTexsRows(TRANSFER);

  it('makes one line for a transfer within the limits, keyed by the transfer id', () => {
    expect(others).toHaveLength(0);
    expect(row?.publicId).toBe('5f0c3f5e-8a51-4c8e-9a7e-2a3b1c4d5e6f');
    expect(Object.keys(row ?? {})).toEqual(Object.keys(OUTGOING_TEXS_HEADERS));
  });

  it('declares for the excavation site, with its parcels and coordinates', () => {
    expect(row).toMatchObject({
      reportForCompanySiret: '73282932000074',
      reportForPickupSiteName: 'Parking de la gare',
      reportForPickupSiteAddress: '2 rue du Chantier',
      reportForPickupSitePostalCode: '68100',
      reportForPickupSiteCity: 'Mulhouse',
      reportForPickupSiteCountryCode: 'FR',
      parcelInseeCodes: ['68224', '68224'],
      parcelNumbers: ['0-AB-123', '0-A-45'],
      parcelCoordinates: ['47.7508 7.3359'],
    });
  });

  it('states the soil: code, not hazardous, no POP, weight estimated at 1.7 t/m³', () => {
    expect(row).toMatchObject({
      wasteDescription: 'Terre Végétale – Bonne qualité',
      wasteCode: '17 05 04',
      wastePop: false,
      wasteIsDangerous: false,
      dispatchDate: '2026-11-10',
      weightValue: 5950, // 3 500 m³ × 1.7
      weightIsEstimate: true,
      volume: 3500,
    });
    // At the matching's configured density when given: 3 500 m³ × 1.8.
    expect(outgoingTexsRows({ ...TRANSFER, soilDensityTonnesPerM3: 1.8 })[0]).toMatchObject({ weightValue: 6300, weightIsEstimate: true });
    expect(incomingTexsRows({ ...TRANSFER, soilDensityTonnesPerM3: 1.8 })[0]).toMatchObject({ weightValue: 6300, weightIsEstimate: true });
    expect(outgoingTexsRows({ ...TRANSFER, wasteCode: '17 05 03*', weightTonnes: 6010.5 })[0]).toMatchObject({
      wasteIsDangerous: true,
      weightValue: 6010.5,
      weightIsEstimate: false,
    });
  });

  it('sends it to the receiver for backfill (R 5), with the destination parcels, by road', () => {
    expect(row).toMatchObject({
      destinationCompanyType: 'ETABLISSEMENT_FR',
      destinationCompanyOrgId: '44306184100047',
      destinationCompanyName: 'Colmar Habitat',
      destinationCompanyPostalCode: '68000',
      destinationDropSiteAddress: '12 rue des Jardins',
      operationCode: 'R 5',
      operationMode: 'AUTRES_VALORISATIONS',
      isUpcycled: true,
      destinationParcelInseeCodes: ['68066'],
      destinationParcelNumbers: ['0-CD-7'],
      destinationParcelCoordinates: ['48.0794 7.3585'],
      isDirectSupply: false,
      transporter1TransportMode: 'ROUTE',
      transporter1CompanyType: 'ETABLISSEMENT_FR',
      transporter1CompanyOrgId: '51212345600018',
      transporter1RecepisseIsExempted: false,
      transporter1RecepisseNumber: '2024-68-0012',
      transporter2TransportMode: null,
    });
  });

  it('splits a transfer above 10 000 m³ or t into lines that add up exactly', () => {
    const rows = outgoingTexsRows({ ...TRANSFER, volumeM3: 25_000 });
    expect(rows.map((r) => [r.publicId, r.volume, r.weightValue])).toEqual([
      ['5f0c3f5e8a514c8e9a7e2a3b1c4d5e6f-1', 5000, 8500],
      ['5f0c3f5e8a514c8e9a7e2a3b1c4d5e6f-2', 5000, 8500],
      ['5f0c3f5e8a514c8e9a7e2a3b1c4d5e6f-3', 5000, 8500],
      ['5f0c3f5e8a514c8e9a7e2a3b1c4d5e6f-4', 5000, 8500],
      ['5f0c3f5e8a514c8e9a7e2a3b1c4d5e6f-5', 5000, 8500],
    ]); // 42 500 t needs 5 lines of at most 10 000 t
  });
});

describe('splitQuantities and texsPublicId', () => {
  it('keeps three decimals and gives the remainder to the last line', () => {
    expect(splitQuantities(10_000.001, 1)).toEqual([
      { volume: 5000.001, weight: 0.5 },
      { volume: 5000, weight: 0.5 },
    ]);
    expect(splitQuantities(9999.9999, 10)).toEqual([{ volume: 10_000, weight: 10 }]);
  });

  it('keeps ids within 36 characters', () => {
    expect(texsPublicId('match-42', 0, 1)).toBe('match-42');
    expect(texsPublicId('match-42', 1, 3)).toBe('match-42-2');
    expect(texsPublicId('5f0c3f5e-8a51-4c8e-9a7e-2a3b1c4d5e6f', 0, 2)).toBe('5f0c3f5e8a514c8e9a7e2a3b1c4d5e6f-1');
  });

  it('never cuts the suffix: the lines of a long id stay distinct, up to 999 of them', () => {
    const long = '53d44de4c74d4bae8c115e84902.170503D'; // 35 characters, as multi-code ids were
    const ids = Array.from({ length: 999 }, (_, i) => texsPublicId(long, i, 999));
    expect(new Set(ids).size).toBe(999);
    expect(ids.every((id) => id.length <= 36)).toBe(true);
    expect(ids[10]).toBe('53d44de4c74d4bae8c115e84902.17050-11');
  });

  it('finds the ids a file repeats', () => {
    expect(repeatedPublicIds([{ publicId: 'a' }, { publicId: 'b' }, { publicId: 'a' }])).toEqual(['a']);
    expect(repeatedPublicIds([{ publicId: 'a' }, { publicId: 'b' }])).toEqual([]);
  });
});

describe('registerMotifs', () => {
  const period = { from: '2026-11-01', to: '2026-11-30' };
  const remembered = (line: Partial<ExportedRegisterLine> & { publicId: string }): [string, ExportedRegisterLine] => [
    line.publicId,
    { hash: 'h1', modified: false, cancelled: false, day: '2026-11-10', ...line },
  ];

  it('leaves the motif empty for a new or unchanged line, and says MODIFIER for a changed one', () => {
    const memory = new Map([remembered({ publicId: 'bt-1' }), remembered({ publicId: 'bt-2' })]);
    const { reasons, cancelled } = registerMotifs(
      [
        { publicId: 'bt-1', hash: 'h1' },
        { publicId: 'bt-2', hash: 'h2' },
        { publicId: 'bt-3', hash: 'h1' },
      ],
      memory,
      period,
    );
    expect(Object.fromEntries(reasons)).toEqual({ 'bt-1': null, 'bt-2': 'MODIFIER', 'bt-3': null });
    expect(cancelled).toEqual([]);
  });

  it('keeps saying MODIFIER once a line changed, and after an ANNULER', () => {
    const memory = new Map([remembered({ publicId: 'bt-1', modified: true }), remembered({ publicId: 'bt-2', cancelled: true })]);
    const { reasons } = registerMotifs([{ publicId: 'bt-1', hash: 'h1' }, { publicId: 'bt-2', hash: 'h1' }], memory, period);
    expect(Object.fromEntries(reasons)).toEqual({ 'bt-1': 'MODIFIER', 'bt-2': 'MODIFIER' });
  });

  it('cancels the remembered lines of the period that are gone, not those of other periods', () => {
    const memory = new Map([remembered({ publicId: 'bt-1' }), remembered({ publicId: 'bt-9', day: '2026-10-31' })]);
    const { cancelled } = registerMotifs([], memory, period);
    expect(cancelled.map((line) => line.publicId)).toEqual(['bt-1']);
  });
});

describe('incomingTexsRows', () => {
  it('declares the same line for the receiving site, from the producer', () => {
    const [row] = incomingTexsRows(TRANSFER);
    expect(Object.keys(row ?? {})).toEqual(Object.keys(INCOMING_TEXS_HEADERS));
    expect(row).toMatchObject({
      publicId: '5f0c3f5e-8a51-4c8e-9a7e-2a3b1c4d5e6f',
      reportForCompanySiret: '44306184100047',
      receptionDate: '2026-11-10',
      emitterCompanyType: 'ETABLISSEMENT_FR',
      emitterCompanyOrgId: '73282932000074',
      emitterPickupSiteName: 'Parking de la gare',
      operationCode: 'R 5',
      operationMode: 'AUTRES_VALORISATIONS',
      weightValue: 5950,
      volume: 3500,
      parcelNumbers: ['0-AB-123', '0-A-45'],
      destinationParcelNumbers: ['0-CD-7'],
    });
  });
});

describe('SIS identifier and DAP', () => {
  const now = new Date('2026-11-23T09:00:00Z');

  it('writes the production site’s SIS identifier and the analyses’ reference in both registers', () => {
    const transfer = { ...TRANSFER, productionSite: { ...TRANSFER.productionSite, sisIdentifier: '68SIS06001' }, analysisReference: ' LRA-2026-0412, Laboratoire Rhénan ' };
    for (const row of [outgoingTexsRows(transfer)[0]!, incomingTexsRows(transfer)[0]!]) {
      expect(row.sisIdentifier).toBe('68SIS06001');
      expect(row.wasteDap).toBe('LRA-2026-0412, Laboratoire Rhénan');
    }
    expect(registerIssues(transfer, { now })).toEqual([]);
  });

  it('never cuts a reference longer than Trackdéchets’ 50 characters: the cell stays empty and `Erreur` asks for the number', () => {
    const long = 'Laboratoire Rhénan d’analyses, rapport LRA-2026-0412 du 02/09/2026';
    expect(texsDapOf(long)).toBeNull();
    expect(texsDapOf('x'.repeat(50))).toBe('x'.repeat(50));
    expect(outgoingTexsRows({ ...TRANSFER, analysisReference: long })[0]!.wasteDap).toBeNull();
    expect(registerIssues({ ...TRANSFER, analysisReference: long }, { now })).toEqual([matchingMessages.registerDapTooLong]);
  });
});

describe('registerIssues', () => {
  const now = new Date('2026-11-23T09:00:00Z');

  it('finds nothing to fix in a complete transfer', () => {
    expect(registerIssues(TRANSFER, { now })).toEqual([]);
  });

  it('names what Trackdéchets would refuse, in French', () => {
    const issues = registerIssues(
      {
        ...TRANSFER,
        dispatchDate: '2025-05-22',
        receptionDate: '2026-12-01',
        receiver: { ...TRANSFER.receiver, siret: '44306184100048', postcode: '' },
        receivingSite: { street: 'x', parcelIds: ['68224ABCAB0123'] },
        transporter: null,
      },
      { now },
    );
    expect(issues).toEqual([
      'Le SIRET du destinataire (site de remblai) est invalide.',
      'L’adresse du destinataire (site de remblai) est incomplète (rue, code postal et ville).',
      'Le site de remblai n’a ni parcelle cadastrale exploitable ni coordonnées : le registre exige l’une ou l’autre.',
      'Transporteur non renseigné : à compléter avant l’import dans le registre national.',
      'La date 22/05/2025 a plus de 18 mois : le registre la refusera.',
      'La date 01/12/2026 est dans le futur : le registre la refusera.',
    ]);
    expect(registerIssues({ ...TRANSFER, dispatchDate: '2025-05-23', receptionDate: null }, { now })).toEqual([]);
  });

  it('leaves POP and « Dangereux » empty when POP is not known, and asks for it', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const [row] = outgoingTexsRows({ ...TRANSFER, pop: null });
    expect(row).toMatchObject({ wastePop: null, wasteIsDangerous: null });
    expect(outgoingTexsRows({ ...TRANSFER, pop: null, wasteCode: '17 05 03*' })[0]).toMatchObject({ wastePop: null, wasteIsDangerous: true });
    expect(outgoingTexsRows({ ...TRANSFER, pop: false })[0]).toMatchObject({ wastePop: false, wasteIsDangerous: false });
    expect(registerIssues({ ...TRANSFER, pop: null }, { now })).toEqual([matchingMessages.registerPopUnknown]);
  });

  it('flags a day outside the listings\' availability', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(registerIssues(TRANSFER, { now, dispatchWindow: { start: '2026-11-12', end: null }, receptionWindow: { start: '2026-01-01', end: '2026-11-09' } })).toEqual([
      'La date 10/11/2026 est hors de la période de disponibilité du site de déblais (du 12/11/2026 au …) : vérifiez-la avant l’import.',
      'La date 10/11/2026 est hors de la période de disponibilité du site de remblai (du 01/01/2026 au 09/11/2026) : vérifiez-la avant l’import.',
    ]);
    expect(registerIssues(TRANSFER, { now, dispatchWindow: { start: '2026-11-10', end: '2026-11-10' } })).toEqual([]);
  });
});

describe('the CSV files', () => {
  it('write the outgoing register as Trackdéchets imports it', () => {
    const csv = outgoingTexsCsv(outgoingTexsRows({ ...TRANSFER, volumeM3: 1234.5 }));
    expect(csv.startsWith('\uFEFFMotif;Identifiant unique;SIRET du déclarant;SIRET de l\'expéditeur ou du détenteur;')).toBe(true);
    const [header, line, end] = csv.slice(1).split('\r\n');
    expect(end).toBe('');
    expect(header?.split(';')).toHaveLength(Object.keys(OUTGOING_TEXS_HEADERS).length);
    const cells = line?.split(';') ?? [];
    const cell = (field: keyof typeof OUTGOING_TEXS_HEADERS) => cells[Object.keys(OUTGOING_TEXS_HEADERS).indexOf(field)];
    expect(cell('reason')).toBe('');
    expect(cell('wasteCode')).toBe('17 05 04');
    expect(cell('wastePop')).toBe('NON');
    expect(cell('weightValue')).toBe('2098,65'); // 1 234.5 × 1.7, decimal comma
    expect(cell('weightIsEstimate')).toBe('ESTIME');
    expect(cell('volume')).toBe('1234,5');
    expect(cell('parcelNumbers')).toBe('0-AB-123,0-A-45');
    expect(cell('parcelCoordinates')).toBe('47.7508 7.3359'); // dots: the register's pattern
    expect(cell('isUpcycled')).toBe('OUI');
    expect(cell('operationCode')).toBe('R 5');
    expect(cell('destinationCompanyName')).toBe('Colmar Habitat');
    expect(cells).toHaveLength(Object.keys(OUTGOING_TEXS_HEADERS).length);
  });

  it('add an « Erreur » column, which Trackdéchets ignores, when given what to complete', () => {
    const csv = outgoingTexsCsv(outgoingTexsRows(TRANSFER), ['Transporteur non renseigné']);
    const [header, line] = csv.slice(1).split('\r\n');
    expect(header?.split(';').at(-1)).toBe('Erreur');
    expect(line?.split(';').at(-1)).toBe('Transporteur non renseigné');
  });

  it('write the incoming register with its own headers', () => {
    const csv = incomingTexsCsv(incomingTexsRows(TRANSFER));
    expect(csv.split('\r\n')[0]).toContain(';SIRET du destinataire;Dénomination usuelle des terres et sédiments ou des déchets;');
    expect(csv.split('\r\n')[1]).toContain(';2026-11-10;5950;ESTIME;3500;');
  });
});
