import { messages } from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../test/helpers/app.js';
import { uniqueSiret } from '../../test/helpers/fixtures.js';
import type { Database } from '../db/index.js';
import { creditLedger, organizations } from '../db/schema.js';
import { appendLedgerLine, listLedgerLines } from './credits.js';

describe('credit ledger on PostgreSQL', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPostgres(inject('databaseUrl'));
  });

  afterAll(async () => {
    await database?.close();
  });

  async function newOrganization(): Promise<string> {
    const [row] = await database.db
      .insert(organizations)
      .values({
        name: 'Terrassements Durand',
        registrationNumber: uniqueSiret(),
        legalForm: 'SAS',
        street: '3 rue du Rhin',
        postcode: '68000',
        city: 'Colmar',
      })
      .returning({ id: organizations.id });
    return row!.id;
  }

  function append(organizationId: string, amount: number, reference: string) {
    return database.db.transaction((tx) =>
      appendLedgerLine(tx, { organizationId, kind: amount > 0 ? 'ADMIN_GRANT' : 'LISTING_VALIDATION', amount, reference }),
    );
  }

  async function balanceOf(organizationId: string): Promise<{ cached: number; sum: number }> {
    const [org] = await database.db.select().from(organizations).where(eq(organizations.id, organizationId));
    const [total] = await database.db
      .select({ sum: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.organizationId, organizationId));
    return { cached: org!.creditBalance, sum: Number(total!.sum) };
  }

  it('adds and debits, the balance always equal to the sum of the lines', async () => {
    const org = await newOrganization();
    expect((await append(org, 100, `grant:${org}:1`)).balance).toBe(100);
    expect((await append(org, -80, `debit:${org}:1`)).balance).toBe(20);
    expect(await balanceOf(org)).toEqual({ cached: 20, sum: 20 });
    expect((await listLedgerLines(database.db, org)).map((line) => line.balanceAfter).sort()).toEqual([100, 20]);
  });

  it('refuses a debit beyond the balance with the French 409 and changes nothing', async () => {
    const org = await newOrganization();
    await append(org, 50, `grant:${org}:1`);
    await expect(append(org, -80, `debit:${org}:1`)).rejects.toMatchObject({
      status: 409,
      detail: messages.insufficientBalance,
    });
    expect(await balanceOf(org)).toEqual({ cached: 50, sum: 50 });
  });

  it('counts a retried reference once', async () => {
    const org = await newOrganization();
    const first = await append(org, 30, `grant:${org}:same`);
    const again = await append(org, 30, `grant:${org}:same`);
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(await balanceOf(org)).toEqual({ cached: 30, sum: 30 });
  });

  it('never overdraws under racing debits, and never debits a reference twice', async () => {
    const org = await newOrganization();
    await append(org, 200, `grant:${org}:1`);
    // 8 distinct debits of 50 (only 4 fit) and 4 retries of one reference, all at once.
    const attempts = [
      ...Array.from({ length: 8 }, (_, i) => append(org, -50, `debit:${org}:${i}`)),
      ...Array.from({ length: 4 }, () => append(org, -50, `debit:${org}:0`)),
    ];
    const results = await Promise.allSettled(attempts);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const { cached, sum } = await balanceOf(org);
    expect(cached).toBe(sum);
    expect(cached).toBe(0);
    const debits = (await listLedgerLines(database.db, org)).filter((line) => line.amount < 0);
    expect(debits).toHaveLength(4);
    expect(new Set(debits.map((line) => line.reference)).size).toBe(4);
  });

  it('answers 404 for an unknown organisation', async () => {
    await expect(append('00000000-0000-4000-8000-000000000000', 10, 'grant:none')).rejects.toMatchObject({ status: 404 });
  });
});
