// Prepared statements for the hot paths (issues 13 and 23): drizzle builds a query's SQL text on
// every call (about 130 µs for a listing read), and PostgreSQL parses and plans it every time. A
// statement built once with `.prepare(name)` and run with `.execute(values)` skips both: drizzle
// keeps the text, node-postgres sends it under its name, parsed and planned once per connection
// (PGlite runs the same text). Values go in as `sql.placeholder('...')`.
//
// A drizzle statement is bound to the connection of the handle it was built on (the app's pool,
// or one transaction's connection), and every transaction is a new handle. So each statement is
// built once per database (the first handle that asks), and handed to another connection as a
// copy bound to that connection, kept per connection: a transaction on a pooled connection runs
// the very statement the previous one did (node-postgres skips the Parse it has done there), and
// nothing is rebuilt. A name always stands for one SQL text (node-postgres refuses a second text
// under a name a connection has prepared): a statement whose text depends on its input puts that
// shape in its name.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './index.js';

/** What drizzle keeps on a handle and on a built statement (internal fields, stable across 0.4x). */
interface Handle {
  dialect: object;
  session: { client: object };
}
interface Bound {
  client: object;
}

/** Per database (its dialect, shared by all its transactions): per name, the statement built and its copies per connection. */
const statements = new WeakMap<object, Map<string, { built: Bound; byClient: WeakMap<object, Bound> }>>();

/** `build(db, name)` (which ends with `.prepare(name)`), built on its first use, bound to `db`'s connection. */
export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => T): T {
  const { dialect, session } = db as unknown as Handle;
  let byName = statements.get(dialect);
  if (!byName) statements.set(dialect, (byName = new Map()));
  let entry = byName.get(name);
  if (!entry) {
    const built = build(db, name) as unknown as Bound;
    entry = { built, byClient: new WeakMap([[built.client, built]]) };
    byName.set(name, entry);
  }
  const { client } = session;
  let statement = entry.byClient.get(client);
  if (!statement) {
    // The same statement on another connection: every field shared but the connection.
    statement = Object.assign(Object.create(Object.getPrototypeOf(entry.built) as object) as Bound, entry.built, { client });
    entry.byClient.set(client, statement);
  }
  return statement as unknown as T;
}

/** A raw statement prepared by `rawStatement`: its rows as the driver gives them (no mapping). */
export interface RawStatement<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

/**
 * A statement written in SQL (drizzle's `sql`, every value a `sql.placeholder('...')`) as a
 * prepared statement named `name`, for `prepared(db, name, (db, name) => rawStatement(db, name, sql\`...\`))`:
 * what `db.execute()` builds on every call (drizzle's query text, then node-postgres' Parse), once.
 * Its rows come as the driver gives them, like `db.execute()`'s.
 */
export function rawStatement<Row>(db: DbOrTx, name: string, query: SQL): RawStatement<Row> {
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): RawStatement<Row> };
  };
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}
