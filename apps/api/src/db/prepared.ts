// Prepared statements for the hot reads (issue 13): drizzle builds a query's SQL text on every
// call (about 130 µs for a listing read), and PostgreSQL parses and plans it every time. A
// statement built once with `.prepare(name)` and run with `.execute(values)` skips both: drizzle
// keeps the text, node-postgres sends it under its name, parsed and planned once per connection
// (PGlite runs the same text). Values go in as `sql.placeholder('...')`.
//
// Statements belong to the handle they were built on (the app's database, or one transaction),
// so they are kept per handle and built on first use. A name always stands for one SQL text
// (node-postgres refuses a second text under a name a connection has prepared): a statement
// whose text depends on its input puts that shape in its name.
import type { DbOrTx } from './index.js';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/** `build(db, name)` (which ends with `.prepare(name)`) for this handle, built on its first use. */
export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}
