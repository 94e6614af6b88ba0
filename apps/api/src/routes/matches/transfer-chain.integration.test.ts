// The transfer chain over HTTP (issue 11): a validated CUT and FILL pair, the doubt-clearing
// letters, the match, the pre-contract, the transfer contract (real PDFs, sent to both
// organisations, idempotent), the transfer done with the volume moved, the listing processed,
// and the national register export leaving it to its producer (done outside the platform). The sites are in Lozère, where no other test
// file puts any. The API runs with a configured disposal distance (80 km, not the default 50)
// and soil density (1.8 t/m³, not 1.7): the transfer's savings and the register's estimated
// weights follow them.
import {
  contractFactsMissingMessage,
  INCOMING_TEXS_HEADERS,
  matchingMessages,
  messages,
  OUTGOING_TEXS_HEADERS,
  PROBLEM_TYPES,
  QUALITY_CLASS_LABELS,
  RECEIVING_USE_LABELS,
  transferMissingContractFacts,
} from '@terres/domain';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { adminToken, createOwner, dayFromToday, pdfText, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { validatedListing, walkTo } from '../../../test/helpers/matching.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';
import { unzip } from '../../../test/helpers/unzip.js';

let api: TestApi;
let admin: string;
let producer: OwnerFixture;
let receiver: OwnerFixture;
let stranger: OwnerFixture;
let cut: string;
let fill: string;
let matchId: string;

const SAND = { material_name: 'Sable et gravier', ground_composition: 'Alluvions limoneux', price: -5 };

beforeAll(async () => {
  api = await startApiForTest({ MATCH_DISPOSAL_DISTANCE_KM: '80', MATCH_SOIL_DENSITY_T_PER_M3: '1.8' });
  admin = await adminToken(api);
  producer = await createOwner(api, { name: 'Terrassements de Lozère', credits: 500 });
  receiver = await createOwner(api, { name: 'Aménageur des Causses', credits: 500 });
  stranger = await createOwner(api, { name: 'Organisation tierce', credits: 100 });
  cut = await validatedListing(api, producer, {
    type: 'CUT',
    name: 'Déblais de Mende',
    latitude: 44.5181,
    longitude: 3.5006,
    fields: {
      parcel_numbers: ['48095000AB0012', '48095000AB0013'],
      materials: [
        { material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', price: 8, quantity: 1000, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04' },
        { ...SAND, quantity: 500, quality_class: 'SUITED_TO_USES', waste_code: '20 02 02' },
      ],
    },
  });
  fill = await validatedListing(api, receiver, {
    type: 'FILL',
    name: 'Remblai de Marvejols',
    latitude: 44.5536,
    longitude: 3.2914,
    fields: {
      parcel_numbers: ['48092000ZC0101'],
      materials: [
        { material_name: 'Terre Végétale', ground_composition: 'Nature inconnue', price: 2, quantity: 600 },
        { material_name: 'Sable et gravier', ground_composition: 'Nature inconnue', price: 2, quantity: 400 },
      ],
      receiving_use: 'ROAD_WORKS',
      accepted_quality_classes: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'],
      accepted_waste_codes: ['17 05 04', '20 02 02'],
    },
  });
});

afterAll(async () => {
  await api?.close();
});

/** The PDF's text on one line (table cells wrap), no-break spaces as spaces. */
function flat(pdf: Buffer): string {
  return pdfText(pdf).replace(/\s+/g, ' ').replace(/\u00a0/g, ' ');
}

function generate(token: string, id: string, body: Record<string, unknown>) {
  return api.request('POST', `/inquiries/${id}/generated-documents`, { token, body });
}

async function download(token: string, documentId: string): Promise<{ status: number; bytes: Buffer; disposition: string | null }> {
  const response = await fetch(`${api.url}/api/v1/documents/${documentId}/download`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), disposition: response.headers.get('content-disposition') };
}

describe('the doubt-clearing letter', () => {
  it('is generated once as a real PDF, sent to the organisation, and moves the listing to DOUBT_CLEARED', async () => {
    const first = await generate(admin, cut, { kind: 'DOUBT_CLEARING_LETTER' });
    expect(first.status).toBe(201);
    expectResponseMatches('POST', '/inquiries/{id}/generated-documents', 201, first.body);
    expect(first.body).toMatchObject({ created: true, inquiry: { id: cut, status: 'DOUBT_CLEARED' } });
    expect(first.body.document).toMatchObject({ kind: 'DOUBT_CLEARING_LETTER', source: 'PLATFORM', fileName: 'lettre-levee-de-doute-deblais-de-mende.pdf', mimeType: 'application/pdf' });

    const file = await download(producer.token, first.body.document.id);
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = flat(file.bytes);
    expect(text).toContain('Lettre de levée de doute');
    expect(text).toContain(QUALITY_CLASS_LABELS.SUITED_TO_USES.label);
    expect(text).toContain('20 02 02');
    const mail = await api.smtp.waitForMessage(producer.email, (m) => m.subject.startsWith('Nouveau document') && m.text.includes('lettre-levee-de-doute'));
    expect(mail.text).toContain(`/user/inquiry/details/${cut}/documents`);

    // A retried click answers the same letter and moves nothing.
    const again = await generate(admin, cut, { kind: 'DOUBT_CLEARING_LETTER' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, document: { id: first.body.document.id }, inquiry: { status: 'DOUBT_CLEARED' } });
    const listed = await api.request('GET', `/inquiries/${cut}/documents`, { token: producer.token });
    expect(listed.body.filter((d: { kind: string }) => d.kind === 'DOUBT_CLEARING_LETTER')).toHaveLength(1);
  });

  it('is refused out of its status, to advertisers, and to another organisation', async () => {
    const wrong = await generate(admin, cut, { kind: 'PRE_CONTRACT' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.detail).toBe(matchingMessages.generationNeedsMatch);
    const own = await generate(producer.token, cut, { kind: 'DOUBT_CLEARING_LETTER' });
    expect(own.status).toBe(403);
    const foreign = await generate(stranger.token, cut, { kind: 'DOUBT_CLEARING_LETTER' });
    expect(foreign.status).toBe(404);
    const unknown = await generate(admin, cut, { kind: 'PERMISSION' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe(matchingMessages.documentKindNotGenerated);
    // The FILL's letter, so that both listings walk on.
    expect((await generate(admin, fill, { kind: 'DOUBT_CLEARING_LETTER' })).status).toBe(201);
    // A second letter asked on the processed path is a 409 naming the status.
    const late = await api.request('POST', '/inquiries', { token: producer.token, body: { type: 'CUT', project_name: 'Brouillon lozérien' } });
    const draftLetter = await generate(admin, late.body.id, { kind: 'DOUBT_CLEARING_LETTER' });
    expect(draftLetter.status).toBe(409);
    expect(draftLetter.body.detail).toBe('Ce document se génère quand l’annonce est au statut « Validée ».');
  });
});

describe('the pre-contract and the transfer contract', () => {
  it('needs an accepted match, then goes to both organisations and moves both listings', async () => {
    const proposed = await api.request('POST', '/matches', { token: admin, body: { cut_inquiry_id: cut, fill_inquiry_id: fill } });
    expect(proposed.status).toBe(201);
    matchId = proposed.body.id;
    expect(proposed.body.volumeM3).toBe(1000);
    await walkTo(api, cut, 'SITE_FOUND');
    await walkTo(api, fill, 'SITE_FOUND');
    const unaccepted = await generate(admin, cut, { kind: 'PRE_CONTRACT' });
    expect(unaccepted.status).toBe(409);
    expect(unaccepted.body.detail).toBe(matchingMessages.generationNeedsMatch);
    expect((await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'ACCEPTED' } })).status).toBe(200);

    const pre = await generate(admin, cut, { kind: 'PRE_CONTRACT' });
    expect(pre.status).toBe(201);
    expect(pre.body).toMatchObject({ created: true, inquiry: { status: 'PRE_CONTRACT_SIGNED' }, document: { kind: 'PRE_CONTRACT', matchId } });
    const fillNow = await api.request('GET', `/inquiries/${fill}`, { token: receiver.token });
    expect(fillNow.body.status).toBe('PRE_CONTRACT_SIGNED');
    const fillDocs = await api.request('GET', `/inquiries/${fill}/documents`, { token: receiver.token });
    const copy = fillDocs.body.find((d: { kind: string }) => d.kind === 'PRE_CONTRACT');
    expect(copy).toMatchObject({ source: 'PLATFORM', matchId, fileName: 'pre-contrat-remblai-de-marvejols.pdf' });
    const text = flat((await download(receiver.token, copy.id)).bytes);
    expect(text).toContain('Pré-contrat de cession de terres excavées');
    expect(text).toContain('Terrassements de Lozère');
    await api.smtp.waitForMessage(receiver.email, (m) => m.text.includes('pre-contrat-remblai-de-marvejols.pdf'));
    // Asked again from the other side: it exists there too.
    const again = await generate(admin, fill, { kind: 'PRE_CONTRACT' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, document: { id: copy.id } });
  });

  it('refuses the contract while a fact it states is missing, listing them in French; each side completes its own', async () => {
    const refused = await generate(admin, cut, { kind: 'TRANSFER_CONTRACT', match_id: matchId });
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe(PROBLEM_TYPES.contractFactsMissing);
    const missing = transferMissingContractFacts({}, {});
    expect(refused.body.detail).toBe(contractFactsMissingMessage(missing));
    expect(refused.body.missing.map((fact: { side: string; field: string }) => `${fact.side}.${fact.field}`)).toEqual([
      'CUT.soil_preparer',
      'CUT.analysis_references',
      'CUT.permit_reference',
      'CUT.permit_date',
      'FILL.permit_reference',
      'FILL.permit_date',
    ]);
    // Nothing was generated for either side.
    const cutDocs = await api.request('GET', `/inquiries/${cut}/documents`, { token: producer.token });
    expect(cutDocs.body.filter((d: { kind: string }) => d.kind === 'TRANSFER_CONTRACT')).toEqual([]);
    // The transfer page lists what each side lacks (labels only).
    const list = await api.request('GET', '/transfers', { token: producer.token });
    const transferId = list.body.find((row: { matchId: string }) => row.matchId === matchId).id;
    const page = await api.request('GET', `/transfers/${transferId}`, { token: receiver.token });
    expect(page.body.missingContractFacts).toEqual(refused.body.missing);
    expectResponseMatches('GET', '/transfers/{id}', 200, page.body);

    // The producer enters its facts on its validated listing (the SIS identifier upper-cased)…
    const facts = {
      sis_identifier: '48sis00012',
      analysis_references: 'Rapport LAB-48-2026-77 du 03/10/2026',
      soil_preparer: 'Terrassements de Lozère (tri sur site)',
      permit_reference: 'PA 048 095 26 00004',
      permit_date: '2026-05-04',
    };
    const entered = await api.request('PUT', `/inquiries/${cut}/contract-facts`, { token: producer.token, body: facts });
    expect(entered.status).toBe(200);
    expect(entered.body).toMatchObject({ sisIdentifier: '48SIS00012', permitDate: '2026-05-04', status: 'PRE_CONTRACT_SIGNED' });
    expectResponseMatches('PUT', '/inquiries/{id}/contract-facts', 200, entered.body);
    // …another organisation can neither change nor see them (404, as for any of its listings)…
    const foreign = await api.request('PUT', `/inquiries/${cut}/contract-facts`, { token: stranger.token, body: { soil_preparer: 'Usurpateur' } });
    expect(foreign.status).toBe(404);
    expect((await api.request('GET', `/inquiries/${cut}`, { token: stranger.token })).status).toBe(404);
    // …nor can the other party of the transfer change the producer's listing.
    expect((await api.request('PUT', `/inquiries/${cut}/contract-facts`, { token: receiver.token, body: { permit_reference: 'X' } })).status).toBe(404);
    // Any other field of a validated listing stays sealed; a bad value changes nothing.
    const sealed = await api.request('PUT', `/inquiries/${fill}/contract-facts`, { token: receiver.token, body: { permit_reference: 'PC 1', quantity: 3 } });
    expect(sealed.status).toBe(422);
    expect(sealed.body.detail).toBe(matchingMessages.contractFactsOnly);
    const future = await api.request('PUT', `/inquiries/${fill}/contract-facts`, { token: receiver.token, body: { permit_reference: 'PC 1', permit_date: dayFromToday(3) } });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ permit_date: messages.permitDateFuture });
    expect((await api.request('GET', `/inquiries/${fill}`, { token: receiver.token })).body.permitReference).toBeNull();
    const stillMissing = await generate(admin, fill, { kind: 'TRANSFER_CONTRACT', match_id: matchId });
    expect(stillMissing.status).toBe(409);
    expect(stillMissing.body.missing.map((fact: { field: string }) => fact.field)).toEqual(['permit_reference', 'permit_date']);
    // The receiver's permit, entered by an admin on the console's transfer page: audited with before and after.
    const byAdmin = await api.request('PUT', `/inquiries/${fill}/contract-facts`, { token: admin, body: { permit_reference: 'PC 048 092 26 00031', permit_date: '2026-04-20' } });
    expect(byAdmin.status).toBe(200);
    const [audit] = await api.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, fill), eq(auditLog.action, 'inquiry.contract_facts_updated')));
    expect(audit!.details).toEqual({
      role: 'ADMIN',
      status: 'PRE_CONTRACT_SIGNED',
      before: { permitReference: null, permitDate: null },
      after: { permitReference: 'PC 048 092 26 00031', permitDate: '2026-04-20' },
    });
    expect((await api.request('GET', `/transfers/${transferId}`, { token: producer.token })).body.missingContractFacts).toEqual([]);
  });

  it('refuses the contract facts call before validation: a draft carries them in its edit', async () => {
    const draft = await api.request('POST', '/inquiries', { token: stranger.token, body: { type: 'CUT', project_name: 'Brouillon' } });
    const early = await api.request('PUT', `/inquiries/${draft.body.id}/contract-facts`, { token: stranger.token, body: { soil_preparer: 'X' } });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(matchingMessages.contractFactsNotEditable);
  });

  it('writes the transfer contract with the mentions of the arrêté du 4 juin 2021', async () => {
    const contract = await generate(admin, cut, { kind: 'TRANSFER_CONTRACT', match_id: matchId });
    expect(contract.status).toBe(201);
    const file = await download(producer.token, contract.body.document.id);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.disposition).toContain('contrat-de-cession-deblais-de-mende.pdf');
    const text = flat(file.bytes);
    for (const expected of [
      'Contrat de cession de terres excavées',
      'Arrêté du 4 juin 2021',
      '2 lots',
      // One lot per code and class, numbered from the match's transfer (the register's numbers).
      '-L1',
      '-L2',
      'utilisation en génie civil',
      '73282932000074', // both organisations' SIRET (the fixture's)
      'Terrassements de Lozère',
      'Aménageur des Causses',
      'commune 48095, préfixe 000, section AB, n° 0012',
      'commune 48092, préfixe 000, section ZC, n° 0101',
      // The configured density of this API (1,8 t/m³), not a fixed 1,7.
      '1 800 t estimées (1,8 t/m³)',
      '17 05 04',
      '20 02 02',
      QUALITY_CLASS_LABELS.INERT_NATURAL_BACKGROUND.label,
      QUALITY_CLASS_LABELS.SUITED_TO_USES.label,
      RECEIVING_USE_LABELS.ROAD_WORKS.label,
      '1 000 m³',
      // The facts entered after validation, each side's.
      '48SIS00012',
      'Rapport LAB-48-2026-77 du 03/10/2026',
      'Terrassements de Lozère (tri sur site)',
      'PA 048 095 26 00004',
      'PC 048 092 26 00031',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}/);
  });

  it('records the volume moved when the transfer is done, then the listing is processed', async () => {
    const done = await api.request('PUT', `/matches/${matchId}/status`, { token: admin, body: { status: 'DONE', moved_volume_m3: 950 } });
    expect(done.status).toBe(200);
    expect(done.body.movedVolumeM3).toBe(950);
    expectResponseMatches('PUT', '/matches/{id}/status', 200, done.body);
    // The savings of the 950 m³ moved, against the configured 80 km: 950 × 1.8 = 1 710 t, 86 trips.
    const road = done.body.figures.distance.roadKm;
    expect(done.body.savings).toEqual({
      volumeM3: 950,
      tonnes: 1710,
      trips: 86,
      truckKmSaved: Math.round(86 * 2 * (80 - road) * 10) / 10,
      co2SavedKg: Math.round(950 * (80 - road) * 0.17 * 10) / 10,
      disposalDistanceKm: 80,
      co2KgPerM3Km: 0.17,
    });
    const listed = await api.request('GET', '/matches?status=DONE', { token: admin });
    expect(listed.body.find((m: { id: string }) => m.id === matchId).savings).toEqual(done.body.savings);
    await walkTo(api, cut, 'PROCESSED');
    expect((await api.request('GET', `/inquiries/${cut}`, { token: producer.token })).body.status).toBe('PROCESSED');
  });
});

describe('the national register export', () => {
  const today = dayFromToday(0);
  // The producer's maître d'ouvrage (other test files export the same day: one declarant's file).
  const declarant = '73282932000074';
  const ours = (id: string | undefined) => (id ?? '').startsWith(`${matchId.replace(/-/g, '').slice(0, 24)}.`);

  async function exportFile(token: string | undefined, query: string) {
    const response = await fetch(`${api.url}/api/v1/register/exports?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('leaves the transfer done outside the platform to its producer: no line in either register, CSV or XLSX', async () => {
    // The platform saw neither its haulier nor its weighings, and Trackdéchets refuses a line
    // without transporter: the producer declares it itself (apps/api/docs/register.md).
    const file = await exportFile(admin, `from=${today}&to=${today}&siret=${declarant}`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toContain(`registre-sortant-terres-excavees_${declarant}_${today}_${today}.csv`);
    const text = file.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = text.slice(1).split('\r\n').filter((line) => line !== '');
    expect(header!.split(';')).toEqual([...Object.values(OUTGOING_TEXS_HEADERS), 'Erreur']);
    expect(rows.map((row) => row.split(';')).filter((cells) => ours(cells[1]) || cells[1] === matchId)).toEqual([]);
    for (const register of ['outgoing', 'incoming'] as const) {
      const xlsx = await exportFile(admin, `from=${today}&to=${today}&format=xlsx&register=${register}`);
      expect(xlsx.status).toBe(200);
      const entries = xlsx.type === 'application/zip' ? unzip(xlsx.bytes) : [{ name: 'one.xlsx', data: xlsx.bytes }];
      for (const entry of entries) {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(entry.data as unknown as ArrayBuffer);
        const sheet = workbook.worksheets[0]!;
        expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...Object.values(register === 'outgoing' ? OUTGOING_TEXS_HEADERS : INCOMING_TEXS_HEADERS), 'Erreur']);
        sheet.eachRow((row, index) => {
          if (index > 1) expect(ours(String(row.getCell(2).value)) || String(row.getCell(2).value) === matchId).toBe(false);
        });
      }
    }
  });

  it('shows an organisation only its own lines, and refuses a bad period or format in French', async () => {
    const own = await exportFile(producer.token, `from=${today}&to=${today}`);
    expect(own.status).toBe(200);
    expect(own.bytes.toString('utf8').split('\r\n').filter((line) => ours(line.split(';')[1]))).toHaveLength(0);
    const theirs = await exportFile(stranger.token, `from=${today}&to=${today}`);
    expect(theirs.status).toBe(200);
    expect((await exportFile(undefined, `from=${today}&to=${today}`)).status).toBe(401);
    const reversed = await api.request('GET', `/register/exports?from=${today}&to=2020-01-01`, { token: admin });
    expect(reversed.status).toBe(400);
    expect(reversed.body.detail).toBe(matchingMessages.registerPeriodInvalid);
    const format = await api.request('GET', `/register/exports?from=${today}&to=${today}&format=pdf`, { token: admin });
    expect(format.body.detail).toBe(matchingMessages.registerFormatInvalid);
    // A period without transfers is a file with its header only.
    const empty = await exportFile(admin, 'from=2020-01-01&to=2020-01-31');
    expect(empty.bytes.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
