import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../test/helpers/app.js';
import type { Database } from './index.js';
import { rowParserStats } from './row-parsers.js';

describe('row parsers kept per statement (node-postgres)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPostgres(inject('databaseUrl'));
  });

  afterAll(async () => {
    await database?.close();
  });

  it('a prepared statement builds its parsers once and still parses every row', async () => {
    const statement = database.db
      .select({ n: sql<number>`${sql.placeholder('n')}::int`.as('n'), at: sql<string>`'2027-03-01'::date`.as('at'), tags: sql<string[]>`array['a', 'b']`.as('tags') })
      .from(sql`(select 1) one`)
      .prepare('row_parsers_test');
    expect(await statement.execute({ n: 0 })).toEqual([{ n: 0, at: '2027-03-01', tags: ['a', 'b'] }]);
    const before = rowParserStats();
    for (let n = 1; n <= 4; n++) expect(await statement.execute({ n })).toEqual([{ n, at: '2027-03-01', tags: ['a', 'b'] }]);
    const after = rowParserStats();
    expect(after.built - before.built).toBe(0);
    expect(after.reused - before.reused).toBeGreaterThanOrEqual(4);
  });

  it('queries of other columns on the same connection get their own parsers', async () => {
    // Raw queries share the connection's types object: the columns decide, not the object.
    const shapes = [
      sql`select 1::int as a, 'x'::text as b`,
      sql`select true as a`,
      sql`select 2::int as b, 3::int as a`,
      sql`select '{"k":1}'::jsonb as a`,
    ];
    const expected = [{ a: 1, b: 'x' }, { a: true }, { b: 2, a: 3 }, { a: { k: 1 } }];
    for (let round = 0; round < 2; round++) {
      for (const [index, query] of shapes.entries()) expect((await database.db.execute(query)).rows).toEqual([expected[index]]);
    }
  });
});
