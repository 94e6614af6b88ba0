// node-postgres rebuilds a result's row parsers for every query (`Result#addFields`: a type-parser
// look-up per column through the statement's `types`, and a prebuilt empty row object), though a
// statement answers the same columns every time: 5 % of the busy CPU of an uncached listing read
// (issue 23, 40 columns). This keeps them per `types` object, which drizzle makes once per
// statement (and node-postgres once per connection for raw queries): a prepared statement, built
// once per handle (src/db/prepared.ts), reuses its parsers from its second execution on. A
// statement built per call (a new `types` object each time) misses, as before.
//
// Safe because each cached set is checked against the columns the server described this time
// (count, names, type ids and formats: a few comparisons, no look-up), and because the parsers
// of a `types` object never change: nothing here calls `setTypeParser` after start-up (a client
// that did would have to clear this cache). Installed once, by src/db/index.ts, on node-postgres
// only (PGlite has its own parsers).
import pg from 'pg';

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}

interface ResultInternals {
  fields: FieldDescription[];
  _types?: object;
  _parsers?: unknown[];
  _prebuiltEmptyResultObject: unknown;
}

interface Parsers {
  fields: FieldDescription[];
  parsers: unknown[] | undefined;
  prebuilt: unknown;
}

const cached = new WeakMap<object, Parsers>();
const stats = { reused: 0, built: 0 };
let installed = false;

function sameColumns(a: FieldDescription[], b: FieldDescription[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.dataTypeID !== y.dataTypeID || x.name !== y.name || x.format !== y.format) return false;
  }
  return true;
}

/** Patches node-postgres' `Result#addFields` to reuse a statement's parsers (idempotent). */
export function reuseRowParsers(): void {
  if (installed) return;
  installed = true;
  const prototype = (pg as unknown as { Result: { prototype: ResultInternals & { addFields(fields: FieldDescription[]): void } } }).Result.prototype;
  const build = prototype.addFields;
  prototype.addFields = function addFields(this: ResultInternals, fields: FieldDescription[]) {
    const types = this._types;
    const kept = types ? cached.get(types) : undefined;
    if (kept && fields.length > 0 && sameColumns(kept.fields, fields)) {
      this.fields = fields;
      this._parsers = kept.parsers;
      this._prebuiltEmptyResultObject = kept.prebuilt;
      stats.reused += 1;
      return;
    }
    build.call(this, fields);
    stats.built += 1;
    if (types && fields.length > 0) cached.set(types, { fields, parsers: this._parsers, prebuilt: this._prebuiltEmptyResultObject });
  };
}

/** How many results reused their statement's parsers, and how many built them (tests, profiling). */
export function rowParserStats(): { reused: number; built: number } {
  return { ...stats };
}
