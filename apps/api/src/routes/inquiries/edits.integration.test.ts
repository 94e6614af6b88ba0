// A draft's edit from the row this process remembers (issue 23, services/inquiries.ts
// `updateInquiry`): one statement when the listing is still as this process last wrote it, and
// exactly the answers of a fresh read when it is not (changed by another connection or another
// API process, another organisation's, refused by its checks).
import { messages } from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries } from '../../db/schema.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { createCompleteDraft, createOwner, dayFromToday, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../../test/helpers/session.js';

let api: TestApi;
let owner: OwnerFixture;

beforeAll(async () => {
  api = await startApiForTest();
  owner = await createOwner(api, { credits: 200 });
});

afterAll(async () => {
  await api?.close();
});

function edit(token: string, id: string, body: Record<string, unknown>, through: TestApi = api) {
  return through.request('PUT', `/inquiries/${id}`, { token, body });
}

async function stored(id: string) {
  const [row] = await api.database.db.select().from(inquiries).where(eq(inquiries.id, id));
  return row!;
}

/** The pool checkouts (one per statement outside a transaction) `run` makes on `through`'s database. */
async function checkoutsDuring(through: TestApi, run: () => Promise<unknown>): Promise<number> {
  const pool = (through.database.db as unknown as { $client: pg.Pool }).$client;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  let count = 0;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    count += 1;
    return connect(...args);
  };
  try {
    await run();
  } finally {
    delete (pool as unknown as { connect?: unknown }).connect;
  }
  return count;
}

describe('a draft edited in turn', () => {
  it('lands every edit, answers the new values, and takes one statement fewer once the listing is known', async () => {
    const created = await api.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Premier nom' } });
    const id = created.body.id as string;
    let first!: Awaited<ReturnType<typeof edit>>;
    let second!: Awaited<ReturnType<typeof edit>>;
    const firstCheckouts = await checkoutsDuring(api, async () => (first = await edit(owner.token, id, { project_name: 'Deuxième nom' })));
    const secondCheckouts = await checkoutsDuring(api, async () => (second = await edit(owner.token, id, { site_address: '1 rue du Port, 68000 Colmar' })));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expectResponseMatches('PUT', '/inquiries/{id}', 200, second.body);
    expect(first.body).toMatchObject({ projectName: 'Deuxième nom' });
    expect(second.body).toMatchObject({ projectName: 'Deuxième nom', siteAddress: '1 rue du Port, 68000 Colmar' });
    // The first edit read the listing, then wrote it; the second wrote it from the row it knew.
    expect(secondCheckouts).toBe(firstCheckouts - 1);
    const third = await edit(owner.token, id, { quantity: 12 });
    expect(third.body).toMatchObject({ projectName: 'Deuxième nom', siteAddress: '1 rue du Port, 68000 Colmar', quantity: 12, cost: third.body.cost });
    const read = await api.request('GET', `/inquiries/${id}`, { token: owner.token });
    expect(read.body).toEqual(third.body);
    const row = await stored(id);
    expect(row).toMatchObject({ projectName: 'Deuxième nom', siteAddress: '1 rue du Port, 68000 Colmar', quantity: 12 });
  });
});

describe('a draft changed elsewhere since this process last edited it', () => {
  it('applies the edit on the row as it is now and keeps the other change', async () => {
    const id = await createCompleteDraft(api, owner.token);
    expect((await edit(owner.token, id, { project_name: 'Avant' })).status).toBe(200);
    // Another connection (psql, another process) changes another field.
    await api.database.db.update(inquiries).set({ projectOwnerCity: 'Mulhouse', quantity: 30 }).where(eq(inquiries.id, id));
    const edited = await edit(owner.token, id, { project_name: 'Après' });
    expect(edited.status).toBe(200);
    // The cost follows the quantity as it is now, not as this process last saw it.
    const fresh = await edit(owner.token, id, {});
    expect(edited.body).toMatchObject({ projectName: 'Après', projectOwnerCity: 'Mulhouse', quantity: 30, cost: fresh.body.cost });
    expect(await stored(id)).toMatchObject({ projectName: 'Après', projectOwnerCity: 'Mulhouse', quantity: 30 });
  });

  it('through another API process: each process writes on the other one\'s change', async () => {
    const other = await startApiForTest();
    try {
      const id = await createCompleteDraft(api, owner.token);
      expect((await edit(owner.token, id, { project_name: 'Un' })).status).toBe(200);
      expect((await edit(owner.token, id, { project_owner_city: 'Sélestat' }, other)).status).toBe(200);
      const here = await edit(owner.token, id, { site_address: '2 rue Haute, 68000 Colmar' });
      expect(here.body).toMatchObject({ projectName: 'Un', projectOwnerCity: 'Sélestat', siteAddress: '2 rue Haute, 68000 Colmar' });
      const there = await edit(owner.token, id, { project_name: 'Deux' }, other);
      expect(there.body).toMatchObject({ projectName: 'Deux', projectOwnerCity: 'Sélestat', siteAddress: '2 rue Haute, 68000 Colmar' });
      const again = await edit(owner.token, id, { project_owner_city: 'Colmar' });
      expect(again.body).toMatchObject({ projectName: 'Deux', projectOwnerCity: 'Colmar', siteAddress: '2 rue Haute, 68000 Colmar' });
    } finally {
      await other.close();
    }
  });

  it('refuses as the listing is now: submitted meanwhile, a 409', async () => {
    const id = await createCompleteDraft(api, owner.token);
    expect((await edit(owner.token, id, { project_name: 'Brouillon' })).status).toBe(200);
    await api.database.db.update(inquiries).set({ status: 'PENDING_VALIDATION' }).where(eq(inquiries.id, id));
    const refused = await edit(owner.token, id, { project_name: 'Trop tard' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(messages.notEditable);
    expect((await stored(id)).projectName).toBe('Brouillon');
  });

  it('checks the dates against the row as it is now, both ways', async () => {
    const id = await createCompleteDraft(api, owner.token, { start_date: null, end_date: null });
    expect((await edit(owner.token, id, { project_name: 'Dates' })).status).toBe(200);
    // A start set elsewhere: an end before it is a 422, although the remembered row had none.
    await api.database.db.update(inquiries).set({ startDate: dayFromToday(40) }).where(eq(inquiries.id, id));
    const early = await edit(owner.token, id, { end_date: dayFromToday(39) });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ end_date: messages.endBeforeStart });
    // Remembered now with that start; cleared elsewhere: the same end is accepted.
    expect((await edit(owner.token, id, { project_name: 'Dates 2' })).status).toBe(200);
    await api.database.db.update(inquiries).set({ startDate: null }).where(eq(inquiries.id, id));
    const accepted = await edit(owner.token, id, { end_date: dayFromToday(39) });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ startDate: null, endDate: dayFromToday(39), projectName: 'Dates 2' });
  });

  it('answers 404 for a listing deleted meanwhile', async () => {
    const id = await createCompleteDraft(api, owner.token);
    expect((await edit(owner.token, id, { project_name: 'Supprimée bientôt' })).status).toBe(200);
    await api.database.db.update(inquiries).set({ deletedAt: new Date() }).where(eq(inquiries.id, id));
    expect((await edit(owner.token, id, { project_name: 'Fantôme' })).status).toBe(404);
  });
});

describe("another organisation's listing this process knows", () => {
  it('is a 404 for every edit, refused or not, and stays unchanged', async () => {
    const other = await createOwner(api, { name: 'Concurrent' });
    const id = await createCompleteDraft(api, owner.token);
    expect((await edit(owner.token, id, { project_name: 'Le mien' })).status).toBe(200);
    for (const body of [{ project_name: 'Piraté' }, { type: 'FILL' }, { end_date: '2000-01-01', start_date: '2030-01-01' }, { quantity: -1 }]) {
      const res = await edit(other.token, id, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expectResponseMatches('PUT', '/inquiries/{id}', 404, res.body);
    }
    // Even once submitted (a 409 to its owner), another organisation gets a 404.
    await api.database.db.update(inquiries).set({ status: 'PENDING_VALIDATION' }).where(eq(inquiries.id, id));
    expect((await edit(other.token, id, { project_name: 'Piraté' })).status).toBe(404);
    expect((await edit(owner.token, id, { project_name: 'Le mien' })).status).toBe(409);
    expect((await stored(id)).projectName).toBe('Le mien');
  });
});

describe('a submission after remembered edits', () => {
  it('keeps its transaction: the listing is submitted with the last edit, and the next edit is a 409', async () => {
    const id = await createCompleteDraft(api, owner.token);
    expect((await edit(owner.token, id, { project_name: 'Avant envoi' })).status).toBe(200);
    expect((await edit(owner.token, id, { project_name: 'Envoyée' })).status).toBe(200);
    const submitted = await edit(owner.token, id, { status: 'PENDING_VALIDATION' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'PENDING_VALIDATION', projectName: 'Envoyée' });
    const late = await edit(owner.token, id, { project_name: 'Après envoi' });
    expect(late.status).toBe(409);
    const { rows } = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where target_id = ${id} and action = 'inquiry.submitted'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
