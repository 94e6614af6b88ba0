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
//
// A statement on node-postgres also runs leaner than drizzle's own `execute` (issue 23, the
// uncached read): its placeholders are filled and its rows mapped by functions made once per
// statement (`leanExecute` below) instead of drizzle's checks of every parameter's and column's
// kind on every call, and the query goes straight to the driver without drizzle's tracing,
// logging and cache layers (none is configured here: no-ops, four promises and closures a
// call). The answer, and an error (a `DrizzleQueryError` whose `cause` is the driver's), are
// the ones drizzle gives (src/db/prepared.integration.test.ts compares both on real statements).
import { Column, DrizzleQueryError, getTableName, is, Param, Placeholder, SQL, Subquery } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
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
    makeLean(built);
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

/** What drizzle keeps on a node-postgres prepared statement (internal fields, stable across 0.4x). */
interface NodePgStatement {
  client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[] }> };
  queryString: string;
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  queryConfig: object;
  rawQueryConfig: object;
  execute(values?: Record<string, unknown>): Promise<unknown>;
  [lean]?: { fill: (values: Record<string, unknown>) => unknown[]; map?: (row: unknown[]) => Record<string, unknown> };
}

const lean = Symbol('lean');

/** A node-postgres statement (not PGlite's, not a relational query's) gets `leanExecute`. */
function makeLean(built: Bound): void {
  const statement = built as unknown as NodePgStatement;
  if (!is(built, NodePgPreparedQuery) || statement.customResultMapper) return;
  statement[lean] = { fill: placeholderFiller(statement.params), ...(statement.fields ? { map: rowMapper(statement.fields, statement.joinsNotNullableMap) } : {}) };
  statement.execute = leanExecute;
}

/** drizzle's `execute` for a prepared node-postgres statement, with its fillers made once. */
async function leanExecute(this: NodePgStatement, values: Record<string, unknown> = {}): Promise<unknown> {
  const { fill, map } = this[lean]!;
  const params = fill(values);
  let result: { rows: unknown[] };
  try {
    result = await this.client.query(map ? this.queryConfig : this.rawQueryConfig, params);
  } catch (error) {
    throw new DrizzleQueryError(this.queryString, params, error as Error);
  }
  if (!map) return result;
  const rows = result.rows as unknown[][];
  const mapped = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) mapped[i] = map(rows[i]!);
  return mapped;
}

/** drizzle's `fillPlaceholders` for these parameters, their kinds read once. */
function placeholderFiller(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const slots = params.map((param) => {
    if (is(param, Placeholder)) return { name: param.name };
    if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encoder: param.encoder };
    return { constant: param };
  });
  return (values) => {
    const filled = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (slot.name === undefined) {
        filled[i] = slot.constant;
        continue;
      }
      if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}" was provided`);
      filled[i] = slot.encoder ? slot.encoder.mapToDriverValue(values[slot.name]) : values[slot.name];
    }
    return filled;
  };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

const decoderOf = (query: SQL): Decoder => (query as unknown as { decoder: Decoder }).decoder;

/** drizzle's `mapResultRow` for these selected fields, each field's decoder and place found once. */
function rowMapper(fields: { path: string[]; field: unknown }[], joinsNotNullableMap: Record<string, boolean> | undefined): (row: unknown[]) => Record<string, unknown> {
  const identity = Column.prototype.mapFromDriverValue;
  const columns = fields.map(({ path, field }) => {
    // (`decoder` is internal to SQL.)
    const decoder = (
      is(field, Column) ? field : is(field, SQL) ? decoderOf(field) : is(field, Subquery) ? decoderOf(field._.sql as SQL) : decoderOf((field as SQL.Aliased).sql)
    ) as Decoder;
    return {
      parents: path.slice(0, -1),
      key: path[path.length - 1]!,
      decoder: decoder.mapFromDriverValue === identity ? undefined : decoder,
      // A column of a joined table (`{ listing: columns }`): all of them null means no row joined.
      joined: joinsNotNullableMap && is(field, Column) && path.length === 2 ? { object: path[0]!, table: getTableName(field.table) } : undefined,
    };
  });
  return (row) => {
    const result: Record<string, unknown> = {};
    let nullify: Map<string, string | false> | undefined;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      let node = result;
      for (const chunk of column.parents) {
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[column.key] = raw === null ? null : column.decoder ? column.decoder.mapFromDriverValue(raw) : raw);
      const joined = column.joined;
      if (joined) {
        nullify ??= new Map();
        const seen = nullify.get(joined.object);
        if (seen === undefined) nullify.set(joined.object, value === null ? joined.table : false);
        else if (typeof seen === 'string' && seen !== joined.table) nullify.set(joined.object, false);
      }
    }
    if (nullify) {
      for (const [object, table] of nullify) if (typeof table === 'string' && !joinsNotNullableMap![table]) result[object] = null;
    }
    return result;
  };
}
