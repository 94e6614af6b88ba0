import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, testConfig } from '../../test/helpers/app.js';
import { createDatabase, type Database } from './index.js';
import { creditLedger, invoices, organizations, users } from './schema.js';
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
    expect(await loadDemoData(database.db)).toBe(true);
    const accounts = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(accounts).toEqual(
      expect.arrayContaining([
        { email: DEMO_ACCOUNTS.admin, role: 'ADMIN' },
        { email: DEMO_ACCOUNTS.owner, role: 'OWNER' },
        { email: DEMO_ACCOUNTS.employee, role: 'EMPLOYEE' },
      ]),
    );
    const all = await database.db.select().from(organizations);
    expect(all.find((o) => o.name === "Terrassements d'Alsace SAS")).toMatchObject({ verified: true, creditBalance: 800 });
    expect(all.find((o) => o.name === 'Remblais du Haut-Rhin SARL')).toMatchObject({ verified: false, creditBalance: 0 });

    expect(await loadDemoData(database.db)).toBe(false);
    const [{ n }] = (await database.db.select({ n: count() }).from(users)) as [{ n: number }];
    expect(n).toBe(accounts.length);
    // The welcome grant and the demo purchase (src/db/seed-payments.ts), with its invoice.
    const lines = await database.db.select().from(creditLedger);
    expect(lines.map((l) => [l.kind, l.amount]).sort()).toEqual([['ADMIN_GRANT', 500], ['PURCHASE', 300]]);
    const demoInvoices = await database.db.select().from(invoices);
    expect(demoInvoices).toHaveLength(1);
    expect(demoInvoices[0]).toMatchObject({ credits: 300, totalCents: 288_000 });
    expect(demoInvoices[0]!.number).toMatch(/^FA-\d{4}-000001$/);
  });
});
