// A prepared statement on node-postgres runs `leanExecute` (src/db/prepared.ts), not drizzle's
// own `execute`: each case runs both on the same statement and real rows, and they must give the
// same answer (rows mapped, a left join's absent row null, decoded dates and numbers), the same
// raw result for a raw statement, and the same error, wrapped as drizzle wraps it.
import { and, DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteDraft, createOwner } from '../../test/helpers/fixtures.js';
import { startApiForTest, type TestApi } from '../../test/helpers/session.js';
import { sessionWithListing } from '../services/inquiries.js';
import type { Database } from './index.js';
import { prepared, rawStatement } from './prepared.js';
import { inquiries } from './schema.js';
import { systemScope, withScope } from './scope.js';

interface Statement {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** drizzle's own execute on the same statement (its class's method, under the lean own one). */
function drizzleExecute(statement: Statement, values: Record<string, unknown>): Promise<unknown> {
  const own = Object.getPrototypeOf(statement) as Statement;
  return own.execute.call(statement, values);
}

describe('prepared statements run lean on node-postgres, answering as drizzle does', () => {
  let api: TestApi;
  let database: Database;
  let listingId: string;
  let sessionId: string;

  beforeAll(async () => {
    api = await startApiForTest();
    database = api.database;
    const owner = await createOwner(api);
    listingId = await createCompleteDraft(api, owner.token);
    const claims = JSON.parse(Buffer.from(owner.token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    sessionId = claims.sid;
  });

  afterAll(async () => {
    await api?.close();
  });

  const system = <T>(fn: () => Promise<T>) => withScope(systemScope('tests'), fn);

  it('a session joined with a listing: the listing mapped, or null when none is joined', async () => {
    // The API's own statement (GET /inquiries/{id} when neither the session nor the listing is kept).
    const statement = sessionWithListing(database.db) as unknown as Statement;
    expect(statement.execute).not.toBe((Object.getPrototypeOf(statement) as Statement).execute);

    const found = (await system(() => statement.execute({ sessionId, id: listingId }))) as { listing: Record<string, unknown> | null }[];
    expect(found).toHaveLength(1);
    expect(found[0]!.listing?.id).toBe(listingId);
    expect(found[0]!.listing?.createdAt).toBeInstanceOf(Date);
    expect(found).toEqual(await system(() => drizzleExecute(statement, { sessionId, id: listingId })));

    const absent = '00000000-0000-4000-8000-000000000000';
    const without = (await system(() => statement.execute({ sessionId, id: absent }))) as { listing: unknown }[];
    expect(without).toHaveLength(1);
    expect(without[0]!.listing).toBeNull();
    expect(without).toEqual(await system(() => drizzleExecute(statement, { sessionId, id: absent })));

    expect(await system(() => statement.execute({ sessionId: absent, id: listingId }))).toEqual([]);
  });

  it('computed fields with their decoders, an encoded parameter and a constant', async () => {
    const statement = prepared(database.db, 'prepared_test_computed', (db, name) =>
      db
        .select({
          count: sql<number>`count(*)`.mapWith(Number),
          quantity: inquiries.quantity,
          updatedAt: inquiries.updatedAt,
          label: sql<string>`${'fixe'} || ${sql.placeholder('suffix')}`,
        })
        .from(inquiries)
        .where(and(eq(inquiries.id, sql.placeholder('id')), eq(inquiries.type, 'CUT')))
        .groupBy(inquiries.id)
        .prepare(name),
    ) as unknown as Statement;
    for (const values of [
      { id: listingId, suffix: '-a' },
      { id: '00000000-0000-4000-8000-000000000000', suffix: '-b' },
    ]) {
      const lean = await system(() => statement.execute(values));
      expect(lean).toEqual(await system(() => drizzleExecute(statement, values)));
    }
    const [row] = (await system(() => statement.execute({ id: listingId, suffix: '-a' }))) as { count: unknown; label: unknown }[];
    expect(row).toMatchObject({ count: 1, label: 'fixe-a' });
  });

  it('a raw statement answers the driver result; a missing value and a failing query are refused as drizzle refuses them', async () => {
    const statement = prepared(database.db, 'prepared_test_raw', (db, name) =>
      rawStatement<{ n: number }>(db, name, sql`select ${sql.placeholder('n')}::int + 1 as n`),
    ) as unknown as Statement;
    const lean = (await system(() => statement.execute({ n: 41 }))) as { rows: unknown[]; rowCount: number };
    expect(lean.rows).toEqual([{ n: 42 }]);
    expect(lean.rowCount).toBe(1);

    await expect(system(() => statement.execute({}))).rejects.toThrow('No value for placeholder "n" was provided');
    await expect(system(() => drizzleExecute(statement, {}))).rejects.toThrow('No value for placeholder "n" was provided');

    const failing = prepared(database.db, 'prepared_test_failing', (db, name) =>
      rawStatement(db, name, sql`select 1 / ${sql.placeholder('d')}::int as n`),
    ) as unknown as Statement;
    const error = await system(() => failing.execute({ d: 0 })).catch((caught: unknown) => caught);
    const theirs = await system(() => drizzleExecute(failing, { d: 0 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as DrizzleQueryError).cause).toMatchObject({ code: '22012' });
    expect((error as Error).message).toBe((theirs as Error).message);
  });
});
