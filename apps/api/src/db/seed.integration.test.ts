import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createMatchingConfig, onboardingStep, validateInquiryForSubmission, type MatchResult } from '@terres/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, startApp, tempDir, testConfig } from '../../test/helpers/app.js';
import { createTestDatabase } from '../../test/helpers/database.js';
import { expectResponseMatches } from '../../test/helpers/openapi.js';
import { httpRequest, signIn, type TestApi } from '../../test/helpers/session.js';
import { startSmtp } from '../../test/helpers/smtp.js';
import { createDatabase, type Database } from './index.js';
import { systemScope } from './scope.js';
import { creditLedger, documents, inquiries, invoices, matches, organizations, users } from './schema.js';
import { DEMO_ACCOUNTS, loadDemoData } from './seed.js';
import { LocalFileStorage } from '../files/storage.js';

describe('demo data', () => {
  const dir = tempDir();
  let database: Database;

  beforeAll(async () => {
    database = await createDatabase(testConfig({ DATA_DIR: dir.path }), { unscoped: systemScope('tests') });
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    dir.remove();
  });

  it('loads the CONTRACT accounts into an empty database, once', async () => {
    // With a configured disposal distance: the demo matches' figures are frozen with it.
    const matching = createMatchingConfig({ disposalDistanceKm: 80 });
    expect(await loadDemoData(database.db, { storage: new LocalFileStorage(dir.path), matching })).toBe(true);
    const demoMatches = await database.db.select().from(matches);
    expect(demoMatches.map((m) => m.status).sort()).toEqual(['ACCEPTED', 'ACCEPTED', 'DONE', 'DONE', 'PROPOSED']);
    for (const match of demoMatches) {
      const figures = match.figures as unknown as MatchResult;
      expect(figures.transport.baselineTruckKm).toBeCloseTo(figures.transport.trips * 2 * 80, 1);
    }
    const accounts = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(accounts).toEqual(
      expect.arrayContaining([
        { email: DEMO_ACCOUNTS.admin, role: 'ADMIN' },
        { email: DEMO_ACCOUNTS.owner, role: 'OWNER' },
        { email: DEMO_ACCOUNTS.employee, role: 'EMPLOYEE' },
      ]),
    );
    const all = await database.db.select().from(organizations);
    expect(all.find((o) => o.name === "Terrassements d'Alsace SAS")).toMatchObject({ verified: true, creditBalance: 1081 });
    expect(all.find((o) => o.name === 'Remblais du Haut-Rhin SARL')).toMatchObject({ verified: false, creditBalance: 0 });
    // Every demo organisation passed the onboarding: each owner reaches a dashboard.
    expect(all.filter((o) => onboardingStep(o) !== 'complete').map((o) => o.name)).toEqual([]);

    expect(await loadDemoData(database.db, { storage: new LocalFileStorage(dir.path) })).toBe(false);
    const [{ n }] = (await database.db.select({ n: count() }).from(users)) as [{ n: number }];
    expect(n).toBe(accounts.length);
    // The welcome grant, the demo purchase (src/db/seed-payments.ts) with its invoice, and the
    // debits of the five validated listings (80 + 10 + 50 + 28 + 50): the balance is their sum.
    const lines = await database.db.select().from(creditLedger);
    const demoOrganization = all.find((o) => o.name === "Terrassements d'Alsace SAS")!.id;
    const demoLines = lines.filter((l) => l.organizationId === demoOrganization);
    expect(demoLines.filter((l) => l.kind !== 'LISTING_VALIDATION').map((l) => [l.kind, l.amount]).sort()).toEqual([
      ['ADMIN_GRANT', 999],
      ['PURCHASE', 300],
    ]);
    expect(demoLines.filter((l) => l.kind === 'LISTING_VALIDATION').map((l) => l.amount).sort()).toEqual([-10, -28, -50, -50, -80]);
    expect(demoLines.reduce((sum, line) => sum + line.amount, 0)).toBe(1081);
    // Every organisation's balance is its ledger's sum (the matching demo's organisations too).
    for (const organization of all) {
      const sum = lines.filter((l) => l.organizationId === organization.id).reduce((total, l) => total + l.amount, 0);
      expect(organization.creditBalance, organization.name).toBe(sum);
    }

    const listings = await database.db.select().from(inquiries);
    expect(new Set(listings.map((l) => l.status))).toEqual(
      new Set(['DRAFT', 'PENDING_VALIDATION', 'APPROVED', 'REJECTED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED']),
    );
    expect(new Set(listings.map((l) => l.type))).toEqual(new Set(['CUT', 'FILL']));
    const files = await database.db.select().from(documents);
    for (const listing of listings.filter((l) => l.status !== 'DRAFT')) {
      // Every rule held when it was submitted (a processed listing's period may be over now).
      const check = validateInquiryForSubmission(
        { ...listing, documents: files.filter((f) => f.inquiryId === listing.id) },
        { now: listing.submittedAt ?? new Date() },
      );
      expect(check.errors, listing.projectName).toEqual({});
    }
    expect(files.some((f) => f.kind === 'SOIL_STUDY')).toBe(true);
    for (const file of files) expect(existsSync(join(dir.path, 'files', file.storageKey))).toBe(true);
    const demoInvoices = await database.db.select().from(invoices);
    expect(demoInvoices).toHaveLength(1);
    expect(demoInvoices[0]).toMatchObject({ credits: 300, totalCents: 288_000 });
    expect(demoInvoices[0]!.number).toMatch(/^FA-\d{4}-000001$/);
  });
});

describe('demo data on PostgreSQL, used over HTTP', () => {
  const ADMIN = 'exploitation@bourse-terres.test';
  const dir = tempDir();
  let api: TestApi;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    // An empty database of its own on the run's server (the shared one already has users).
    const server = new URL(inject('databaseUrl'));
    server.pathname = '/postgres';
    const fresh = await createTestDatabase(server.toString());
    dropDatabase = () => fresh.drop();
    const database = await openPostgres(fresh.url);
    expect(await loadDemoData(database.db, { storage: new LocalFileStorage(dir.path), adminEmails: [ADMIN, DEMO_ACCOUNTS.owner] })).toBe(true);
    const smtp = await startSmtp();
    const config = testConfig({ DATABASE_URL: fresh.url, DATA_DIR: dir.path, SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN });
    const running = await startApp({ config, database });
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
  });

  afterAll(async () => {
    await api?.close();
    await dropDatabase?.();
    dir.remove();
  });

  it('makes admins of the ADMIN_EMAILS addresses only, and is not loaded twice', async () => {
    const accounts = await api.database.db.select({ email: users.email, role: users.role }).from(users);
    expect(accounts.filter((a) => a.role === 'ADMIN').map((a) => a.email)).toEqual([ADMIN]);
    // An ADMIN_EMAILS address that is a demo advertiser account stays an advertiser.
    expect(accounts.find((a) => a.email === DEMO_ACCOUNTS.owner)?.role).toBe('OWNER');
    expect(await loadDemoData(api.database.db, { storage: new LocalFileStorage(dir.path), adminEmails: [ADMIN] })).toBe(false);
    const [{ n }] = (await api.database.db.select({ n: count() }).from(users)) as [{ n: number }];
    expect(n).toBe(accounts.length);
  });

  it('signs the demo accounts in, each seeing what CONTRACT §2 promises', async () => {
    const owner = await signIn(api, DEMO_ACCOUNTS.owner);
    expect(owner.user).toMatchObject({ role: 'OWNER', firstName: 'Camille' });
    const own = await api.request('GET', '/organizations/me', { token: owner.accessToken });
    expect(own.status).toBe(200);
    expectResponseMatches('GET', '/organizations/me', 200, own.body);
    expect(own.body).toMatchObject({ id: owner.user.organizationId, verified: true, archived: false });
    expect(own.body.creditBalance).toBeGreaterThan(0);
    const ledger = await api.request('GET', `/organizations/${own.body.id}/credit-transactions`, { token: owner.accessToken });
    expectResponseMatches('GET', '/organizations/{id}/credit-transactions', 200, ledger.body);
    expect(ledger.body.map((l: { kind: string }) => l.kind)).toContain('ADMIN_GRANT');
    expect(ledger.body.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(own.body.creditBalance);

    const employee = await signIn(api, DEMO_ACCOUNTS.employee);
    expect(employee.user).toMatchObject({ role: 'EMPLOYEE', organizationId: own.body.id });
    const members = await api.request('GET', '/users/organization/members', { token: employee.accessToken });
    expectResponseMatches('GET', '/users/organization/members', 200, members.body);
    expect(members.body.map((m: { email: string }) => m.email).sort()).toEqual([DEMO_ACCOUNTS.employee, DEMO_ACCOUNTS.owner]);

    // The second organisation's owner: complete, and sees only its own listing.
    const other = await signIn(api, DEMO_ACCOUNTS.otherOwner);
    expect(other.user).toMatchObject({ role: 'OWNER', firstName: 'Julie' });
    const theirs = await api.request('GET', '/organizations/me', { token: other.accessToken });
    expect(theirs.body).toMatchObject({ name: 'Remblais du Haut-Rhin SARL', verified: false });
    expect(onboardingStep(theirs.body)).toBe('complete');
    const theirListings = await api.request('GET', '/inquiries', { token: other.accessToken });
    expect(theirListings.body.map((l: { projectName: string }) => l.projectName)).toContain('Comblement de carrière à Saint-Louis');
    expect(theirListings.body.every((l: { organizationId: string }) => l.organizationId === theirs.body.id)).toBe(true);

    const admin = await signIn(api, ADMIN);
    expect(admin.user.role).toBe('ADMIN');
    const list = await api.request('GET', '/organizations', { token: admin.accessToken });
    expectResponseMatches('GET', '/organizations', 200, list.body);
    expect(list.body.map((o: { name: string; verified: boolean }) => [o.name, o.verified])).toEqual([
      ['Aménagements du Sundgau SEM', true],
      ['Paysages et Remblais d’Alsace SARL', true],
      ['Remblais du Haut-Rhin SARL', false],
      ["Terrassements d'Alsace SAS", true],
      ['Travaux Publics de l’Eurométropole SAS', true],
    ]);

    // Matching at once: the demo organisation's validated CUT has ranked compatible sites.
    const listings = await api.request('GET', '/inquiries', { token: admin.accessToken });
    const ecoquartier = listings.body.find((l: { projectName: string }) => l.projectName === 'Écoquartier Rive Droite – tranche 2');
    const matches = await api.request('GET', `/inquiries/${ecoquartier.id}/matches`, { token: admin.accessToken });
    expect(matches.status).toBe(200);
    expect(matches.body.total).toBeGreaterThanOrEqual(4);
    expect(matches.body.items[0].co2.savedKg).toBeGreaterThan(0);
    expect(matches.body.items.some((m: { proposal: unknown }) => m.proposal !== null)).toBe(true);
    const strasbourg = listings.body.find((l: { projectName: string }) => l.projectName === 'Port du Rhin – bassin Vauban');
    expect((await api.request('GET', `/inquiries/${strasbourg.id}/matches`, { token: admin.accessToken })).body.total).toBeGreaterThanOrEqual(3);
    const done = await api.request('GET', '/matches?status=DONE', { token: admin.accessToken });
    expect(done.body.map((m: { doneSource: string }) => m.doneSource).sort()).toEqual(['OUTSIDE_PLATFORM', 'PLATFORM_TRANSFER']);

    // Transfers (issue 18): two in progress, one closed; the demo organisation's with a refused load.
    const transfers = await api.request('GET', '/transfers', { token: admin.accessToken });
    expectResponseMatches('GET', '/transfers', 200, transfers.body);
    expect(transfers.body.map((t: { status: string }) => t.status).sort()).toEqual(['CLOSED', 'OPEN', 'OPEN']);
    const ownTransfers = await api.request('GET', '/transfers', { token: owner.accessToken });
    expect(ownTransfers.body).toHaveLength(1);
    expect(ownTransfers.body[0]).toMatchObject({ viewerSide: 'CUT', refusedCount: 1, inTransitCount: 1, discrepancy: true });
    const detail = await api.request('GET', `/transfers/${ownTransfers.body[0].id}`, { token: owner.accessToken });
    expectResponseMatches('GET', '/transfers/{id}', 200, detail.body);
    expect(detail.body.balance.receivedWeight).toMatchObject({ isEstimate: true });
    expect(detail.body.balance.receivedWeight.realTonnes).toBeGreaterThan(0);
    const carriers = await api.request('GET', `/organizations/${ownTransfers.body[0].cut.organizationId}/carriers`, { token: owner.accessToken });
    expect(carriers.body.map((c: { usable: boolean; exemption: string | null }) => [c.usable, c.exemption]).sort()).toEqual([
      [false, null],
      [true, null],
      [true, 'OWN_WASTE'],
    ]);
    const heavy = transfers.body.find((t: { cut: { projectName: string } }) => t.cut.projectName.startsWith('Friche portuaire du Heyritz'));
    const heavyDetail = await api.request('GET', `/transfers/${heavy.id}`, { token: admin.accessToken });
    const byCode = heavyDetail.body.balance.byWasteCode as { wasteCode: string; receivedWeight: { tonnes: number } }[];
    expect(byCode.map((c) => c.wasteCode)).toEqual(['17 05 04', '17 05 03*']);
    expect(byCode[0]!.receivedWeight.tonnes).toBeGreaterThan(10_000);
  });
});
