// The register export judged by our conformance check of Trackdéchets' rules (issue 19;
// packages/domain/src/matching/register-conformance.ts, apps/api/docs/register.md), over REAL
// exports of the API on the demo data: outgoing and incoming, CSV and XLSX, per declarant. EVERY
// line passes with an empty `Erreur` (the demo declares POP on its materials; a transfer done
// outside the platform has no line); a line whose POP was not declared is left empty and says so
// in `Erreur`; no id repeats; a load corrected after an export comes back as MODIFIER, a cancelled
// one as ANNULER; each organisation reads only its own lines.
import {
  matchingMessages,
  parseTexsCsv,
  readTexsTable,
  repeatedPublicIds,
  texsLineIssues,
  type TexsRegisterKind,
  type TexsTable,
} from '@terres/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LocalFileStorage } from '../../src/files/storage.js';
import { inquiries, matches } from '../../src/db/schema.js';
import { DEMO_ACCOUNTS, loadDemoData } from '../../src/db/seed.js';
import { registerLines } from '../../src/services/register.js';
import { openPostgres, startApp, tempDir, testConfig } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/database.js';
import { dayFromToday } from '../helpers/fixtures.js';
import { httpRequest, signIn, type TestApi } from '../helpers/session.js';
import { startSmtp } from '../helpers/smtp.js';
import { unzip } from '../helpers/unzip.js';

const ADMIN = 'registre@bourse-terres.test';
const dir = tempDir();
let api: TestApi;
let dropDatabase: () => Promise<void>;
let admin: string;
let owner: string;
let employee: string;
let otherOwner: string;
const from = dayFromToday(-60);
const to = dayFromToday(0);

beforeAll(async () => {
  const server = new URL(inject('databaseUrl'));
  server.pathname = '/postgres';
  const fresh = await createTestDatabase(server.toString());
  dropDatabase = () => fresh.drop();
  const database = await openPostgres(fresh.url);
  expect(await loadDemoData(database.db, { storage: new LocalFileStorage(dir.path), adminEmails: [ADMIN] })).toBe(true);
  const smtp = await startSmtp();
  const running = await startApp({ config: testConfig({ DATABASE_URL: fresh.url, DATA_DIR: dir.path, SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN }), database });
  api = {
    url: running.url,
    running,
    smtp,
    database,
    adminEmail: ADMIN,
    request: (method, path, options) => httpRequest(`${running.url}/api/v1${path}`, method, options),
    async close() {
      await running.close();
      await database.close();
      await smtp.close();
    },
  };
  admin = (await signIn(api, ADMIN)).accessToken;
  owner = (await signIn(api, DEMO_ACCOUNTS.owner)).accessToken;
  employee = (await signIn(api, DEMO_ACCOUNTS.employee)).accessToken;
  otherOwner = (await signIn(api, DEMO_ACCOUNTS.otherOwner)).accessToken;
});

afterAll(async () => {
  await api?.close();
  await dropDatabase?.();
  dir.remove();
});

async function download(token: string | undefined, query: string) {
  const response = await fetch(`${api.url}/api/v1/register/exports?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type') ?? '', disposition: response.headers.get('content-disposition') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

async function table(kind: TexsRegisterKind, name: string, bytes: Buffer): Promise<TexsTable> {
  if (name.endsWith('.csv')) {
    const [header = [], ...rows] = parseTexsCsv(bytes.toString('utf8'));
    return readTexsTable(kind, header, rows);
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  // Trackdéchets reads every sheet's first row as a header row: one sheet only.
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let i = 1; i <= width; i++) {
      const cell = row.getCell(i);
      // Trackdéchets reads a cell's text; a formula would be a defect (values must be exact).
      expect(cell.formula).toBeFalsy();
      cells.push(cell.text);
    }
    rows.push(cells);
  });
  const [header = [], ...lines] = rows;
  return readTexsTable(kind, header, lines);
}

/** The files of an export: one, or each of a ZIP. */
function filesOf(file: { type: string; disposition: string; bytes: Buffer }): { name: string; data: Buffer }[] {
  if (file.type === 'application/zip') return unzip(file.bytes);
  const name = /filename="([^"]+)"/.exec(file.disposition)?.[1] ?? '';
  return [{ name, data: file.bytes }];
}

describe('the demo data’s register, judged line by line', () => {
  it.each([
    ['outgoing', 'csv'],
    ['outgoing', 'xlsx'],
    ['incoming', 'csv'],
    ['incoming', 'xlsx'],
  ] as const)('%s %s: one file per declarant, every line conformant with an empty `Erreur`', async (kind, format) => {
    const file = await download(admin, `from=${from}&to=${to}&register=${kind}&format=${format}`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/zip');
    const files = filesOf(file);
    expect(files.length).toBeGreaterThanOrEqual(2);
    const ids: string[] = [];
    const refused: { id: string; fields: string[]; error: string }[] = [];
    const pops = new Set<string>();
    const sites = new Set<string>();
    for (const { name, data } of files) {
      const declarant = /_(\d{14})_/.exec(name)?.[1];
      expect(name).toMatch(new RegExp(`^registre-${kind === 'outgoing' ? 'sortant' : 'entrant'}-terres-excavees_\\d{14}_${from}_${to}\\.${format}$`));
      const read = await table(kind, name, data);
      expect(read.unknownHeaders).toEqual([]);
      expect(read.missingFields).toEqual([]);
      expect(read.lines.length).toBeGreaterThan(0);
      expect(repeatedPublicIds(read.lines.map((line) => ({ publicId: line.fields.publicId ?? null })))).toEqual([]);
      for (const line of read.lines) {
        // One declarant per file, named in the file name.
        expect(line.fields.reportForCompanySiret).toBe(declarant);
        ids.push(line.fields.publicId ?? '');
        pops.add(line.fields.wastePop ?? '');
        sites.add(`${line.fields.sisIdentifier ?? ''}|${line.fields.wasteDap ?? ''}`);
        const issues = texsLineIssues(kind, line.fields);
        if (issues.length > 0 || line.error !== '') refused.push({ id: line.fields.publicId ?? '', fields: issues.map((issue) => issue.field), error: line.error });
      }
    }
    // Every line of every file is one Trackdéchets takes, and nothing is left to complete.
    expect(refused).toEqual([]);
    // POP as declared on the listings: NON for the analysed soil, OUI for the 17 05 03* lot.
    expect(pops).toEqual(new Set(['NON', 'OUI']));
    // The Eurométropole's site is in a SIS and its analyses are referenced: « Identifiant SIS du
    // terrain » and « DAP » carry them (checked above by Trackdéchets' rules: 10 to 15, at most 50);
    // the other sites declare neither, and the cells stay empty.
    expect(sites).toEqual(new Set(['|', '67SIS00321|LRA-2026-0412, Laboratoire Rhénan, 02/09/2026']));
    // The loads of the demo's transfers: 3 + 1 corrected of the demo organisation's, 4 barges and
    // 3 trucks of the Eurométropole's, 6 of the closed one (outgoing adds the 2 loads on their way).
    // The transfer done outside the platform has no line: its producer declares it (docs/register.md).
    expect(ids).toHaveLength(kind === 'outgoing' ? 19 : 17);
    const [outside] = await api.database.db.select({ id: matches.id }).from(matches).where(eq(matches.doneSource, 'OUTSIDE_PLATFORM'));
    expect(outside).toBeDefined();
    expect(ids.filter((id) => id.startsWith(outside!.id) || id.startsWith(outside!.id.replace(/-/g, '').slice(0, 24)))).toEqual([]);
    console.info(`${kind} ${format}: ${ids.length} lines, every one passes`);
  });
});

describe('corrections, cancellations and who sees what', () => {
  async function ownerLines(token: string, kind: TexsRegisterKind = 'outgoing') {
    const file = await download(token, `from=${from}&to=${to}&register=${kind}&format=xlsx`);
    expect(file.status).toBe(200);
    const lines = [];
    for (const { name, data } of filesOf(file)) lines.push(...(await table(kind, name, data)).lines);
    return lines;
  }

  it('writes MODIFIER for a load corrected after an export, ANNULER for one cancelled', async () => {
    const transfers = await api.request('GET', '/transfers', { token: owner });
    const [transfer] = transfers.body as { id: string }[];
    const loads = (await api.request('GET', `/transfers/${transfer!.id}/loads`, { token: owner })).body as {
      id: string;
      number: string;
      status: string;
      carrier: { id: string };
      version: number;
      departedAt: string;
      vehiclePlate: string;
    }[];
    const onTheWay = loads.find((load) => load.status === 'IN_TRANSIT')!;
    const accepted = loads.find((load) => load.status === 'ACCEPTED')!;
    const first = await ownerLines(owner);
    const line = (lines: typeof first, id: string) => lines.find((l) => l.fields.publicId === id.toUpperCase() || l.fields.publicId === id);
    expect(line(first, onTheWay.number)?.fields.reason ?? '').toBe('');
    expect(line(first, accepted.number)).toBeDefined();

    const corrected = await api.request('PUT', `/loads/${onTheWay.id}`, {
      token: employee,
      body: {
        departed_at: onTheWay.departedAt,
        carrier_id: onTheWay.carrier.id,
        vehicle_plate: onTheWay.vehiclePlate,
        waste_code: '17 05 04',
        volume_m3: 15,
        expected_version: onTheWay.version,
        correction_note: 'Benne moins pleine que saisi.',
      },
    });
    expect(corrected.status).toBe(200);
    const cancelled = await api.request('POST', `/loads/${accepted.id}/cancel`, { token: owner, body: { reason: 'Bon saisi sur le mauvais chantier.' } });
    expect(cancelled.status).toBe(200);

    const second = await ownerLines(owner);
    expect(line(second, onTheWay.number)?.fields).toMatchObject({ reason: 'MODIFIER', volume: '15' });
    expect(line(second, accepted.number)?.fields.reason).toBe('ANNULER');
    for (const other of second) {
      if (other.fields.publicId !== onTheWay.number && other.fields.publicId !== accepted.number) expect(other.fields.reason).toBe('');
      expect(texsLineIssues('outgoing', other.fields)).toEqual([]);
    }
    // The corrected line stays MODIFIER in later exports (a file downloaded but not imported loses nothing).
    expect(line(await ownerLines(employee), onTheWay.number)?.fields.reason).toBe('MODIFIER');
  });

  it('gives each organisation its own lines only, one declarant per file; anonymous gets 401', async () => {
    const adminIds = new Set((await ownerLines(admin)).map((l) => l.fields.publicId));
    const own = await ownerLines(owner);
    const others = await ownerLines(otherOwner);
    expect(own.length).toBeGreaterThan(0);
    const ownIds = new Set(own.map((l) => l.fields.publicId));
    for (const id of ownIds) expect(adminIds.has(id)).toBe(true);
    // The second demo organisation has no transfer: none of the first one's lines, in either register.
    expect(others.filter((l) => ownIds.has(l.fields.publicId))).toEqual([]);
    expect((await ownerLines(otherOwner, 'incoming')).filter((l) => ownIds.has(l.fields.publicId))).toEqual([]);
    expect(adminIds.size).toBeGreaterThan(ownIds.size);
    // The maître d'ouvrage that is a company is named by its raison sociale (domain projectOwnerPartyName), as in the contracts.
    const incoming = await ownerLines(admin, 'incoming');
    const heyritz = incoming.filter((l) => l.fields.emitterPickupSiteName?.startsWith('Friche portuaire du Heyritz'));
    expect(heyritz.length).toBeGreaterThan(0);
    expect(new Set(heyritz.map((l) => `${l.fields.emitterCompanyOrgId} ${l.fields.emitterCompanyName}`))).toEqual(new Set(['81234567000028 Travaux Publics de l’Eurométropole SAS']));
    expect((await download(undefined, `from=${from}&to=${to}`)).status).toBe(401);
  });

  it('keeps one declarant with `siret`, and refuses a bad one in French', async () => {
    const all = await ownerLines(admin);
    const siret = all[0]!.fields.reportForCompanySiret!;
    const file = await download(admin, `from=${from}&to=${to}&format=csv&siret=${siret}`);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toContain(`registre-sortant-terres-excavees_${siret}_${from}_${to}.csv`);
    const read = await table('outgoing', 'x.csv', file.bytes);
    expect(read.lines.length).toBe(all.filter((l) => l.fields.reportForCompanySiret === siret).length);
    const bad = await api.request('GET', `/register/exports?from=${from}&to=${to}&siret=123`, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(matchingMessages.registerDeclarantInvalid);
    // Bounded work: a period holding more lines than the cap is refused, read no further.
    await expect(registerLines(api.database.db, { role: 'ADMIN', organizationId: null }, { kind: 'outgoing', from, to, max: 3 })).rejects.toMatchObject({
      status: 400,
      detail: matchingMessages.registerTooManyLines,
    });
  });
});

describe('a material line whose POP was not declared', () => {
  it('leaves POP empty (« Dangereux » too unless the code is starred) and names it in `Erreur`, the other columns passing', async () => {
    const db = api.database.db;
    const [cut] = await db.select().from(inquiries).where(eq(inquiries.projectName, 'Friche portuaire du Heyritz – dépollution'));
    expect(cut).toBeDefined();
    // An old row: no `pop` at all (stored before the field), read as unknown.
    await db
      .update(inquiries)
      .set({ materials: cut!.materials.map(({ pop: _pop, ...line }) => line) })
      .where(eq(inquiries.id, cut!.id));
    try {
      const file = await download(admin, `from=${from}&to=${to}&register=outgoing&format=xlsx&siret=81234567000028`);
      expect(file.status).toBe(200);
      const read = await table('outgoing', 'x.xlsx', file.bytes);
      const heyritz = read.lines.filter((line) => line.fields.reportForPickupSiteName === cut!.projectName);
      expect(heyritz.length).toBeGreaterThan(0);
      // The same declarant's other site (its organisation's SIRET) keeps its declared POP.
      for (const line of read.lines.filter((other) => !heyritz.includes(other))) {
        expect(line.fields.wastePop).toBe('NON');
        expect(line.error).toBe('');
      }
      for (const line of heyritz) {
        expect(line.fields.wastePop).toBe('');
        expect(line.fields.wasteIsDangerous).toBe(line.fields.wasteCode === '17 05 03*' ? 'OUI' : '');
        expect(line.error).toContain(matchingMessages.registerPopUnknown);
        expect(line.error).toContain('POP');
        // Trackdéchets would refuse the POP cell, and nothing else.
        expect(texsLineIssues('outgoing', line.fields).map((issue) => issue.field)).toEqual(['wastePop']);
      }
    } finally {
      await db.update(inquiries).set({ materials: cut!.materials }).where(eq(inquiries.id, cut!.id));
    }
  });
});
