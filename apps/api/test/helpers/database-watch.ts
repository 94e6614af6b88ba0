// The whole database, row by row (a primary key and an md5 of each row of every table of the
// public schema): the isolation sweep and the fuzzer compare it before and after a call that
// must change nothing, on a database of their own.
import pg from 'pg';

interface TableShape {
  name: string;
  key: string[];
  hasUserId: boolean;
}

async function tableShapes(client: pg.Client): Promise<TableShape[]> {
  const { rows } = await client.query<{ name: string; key: string[] | null; has_user_id: boolean }>(`
    select c.relname as name,
           (select array_agg(a.attname::text order by k.ord)
              from pg_index i
              cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
              join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
             where i.indrelid = c.oid and i.indisprimary) as key,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'user_id' and not a.attisdropped) as has_user_id
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
     order by c.relname`);
  return rows.map((row) => {
    if (!row.key) throw new Error(`table ${row.name} has no primary key: the sweep cannot follow its rows`);
    return { name: row.name, key: row.key, hasUserId: row.has_user_id };
  });
}

export interface RowState {
  hash: string;
  userId: string | null;
}

export class DatabaseWatch {
  private constructor(
    private readonly client: pg.Client,
    private readonly query: string,
  ) {}

  static async open(url: string): Promise<DatabaseWatch> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const shapes = await tableShapes(client);
    const parts = shapes.map(
      (shape) =>
        `select '${shape.name}' as t, concat_ws('|', ${shape.key.map((k) => `x."${k}"::text`).join(', ')}) as k, md5(x::text) as h, ${
          shape.hasUserId ? 'x.user_id::text' : 'null::text'
        } as u from "${shape.name}" x`,
    );
    return new DatabaseWatch(client, parts.join('\nunion all\n'));
  }

  async snapshot(): Promise<Map<string, RowState>> {
    const { rows } = await this.client.query<{ t: string; k: string; h: string; u: string | null }>(this.query);
    return new Map(rows.map((row) => [`${row.t}:${row.k}`, { hash: row.h, userId: row.u }]));
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** Rows added, removed or changed, except those `allowed` (the caller's own session rows). */
export function changes(before: Map<string, RowState>, after: Map<string, RowState>, allowed: (key: string, row: RowState) => boolean): string[] {
  const changed: string[] = [];
  for (const [key, row] of after) {
    const was = before.get(key);
    if (was?.hash === row.hash) continue;
    if (!allowed(key, row)) changed.push(`${was ? 'changed' : 'added'} ${key}`);
  }
  for (const [key, row] of before) if (!after.has(key) && !allowed(key, row)) changed.push(`removed ${key}`);
  return changed;
}
