import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { validateInquiryForSubmission } from '@terres/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, testConfig } from '../../test/helpers/app.js';
import { createDatabase, type Database } from './index.js';
import { creditLedger, documents, inquiries, invoices, organizations, users } from './schema.js';
import { DEMO_ACCOUNTS, loadDemoData } from './seed.js';

describe('demo data', () => {
  const dir = tempDir();
  let database: Database;

  beforeAll(async () => {
    database = await createDatabase(testConfig({ DATA_DIR: dir.path }));
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    dir.remove();
  });

  it('loads the CONTRACT accounts into an empty database, once', async () => {
    expect(await loadDemoData(database.db, { dataDir: dir.path })).toBe(true);
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

    expect(await loadDemoData(database.db, { dataDir: dir.path })).toBe(false);
    const [{ n }] = (await database.db.select({ n: count() }).from(users)) as [{ n: number }];
    expect(n).toBe(accounts.length);
    // The welcome grant, the demo purchase (src/db/seed-payments.ts) with its invoice, and the
    // debits of the five validated listings (80 + 10 + 50 + 28 + 50): the balance is their sum.
    const lines = await database.db.select().from(creditLedger);
    expect(lines.filter((l) => l.kind !== 'LISTING_VALIDATION').map((l) => [l.kind, l.amount]).sort()).toEqual([
      ['ADMIN_GRANT', 999],
      ['PURCHASE', 300],
    ]);
    expect(lines.filter((l) => l.kind === 'LISTING_VALIDATION').map((l) => l.amount).sort()).toEqual([-10, -28, -50, -50, -80]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(1081);

    const listings = await database.db.select().from(inquiries);
    expect(new Set(listings.map((l) => l.status))).toEqual(
      new Set(['DRAFT', 'PENDING_VALIDATION', 'APPROVED', 'REJECTED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED', 'PROCESSED']),
    );
    expect(new Set(listings.map((l) => l.type))).toEqual(new Set(['CUT', 'FILL']));
    const files = await database.db.select().from(documents);
    for (const listing of listings.filter((l) => l.status !== 'DRAFT')) {
      const check = validateInquiryForSubmission({ ...listing, documents: files.filter((f) => f.inquiryId === listing.id) });
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
