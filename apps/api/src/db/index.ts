// One database handle for both engines: node-postgres when DATABASE_URL is set, embedded PGlite
// otherwise. Both are drizzle `PgDatabase`s over the same schema, so repositories never care.
// Both run every query as the role `terres_api` under the scope of the code that issued it
// (src/db/scope.ts; row-level security, migration 0013); only migrations run as the owner.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Assume } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../env.js';
import { migrationsFolder } from '../paths.js';
import { ChangeFeed } from './change-feed.js';
import { isMigrated } from './migrate.js';
import { DEFAULT_TEMPLATE_DIR, isNewDataDir, seedFromTemplate } from './pglite-template.js';
import { reuseRowParsers } from './row-parsers.js';
import * as schema from './schema.js';
import { currentScope, hasScopeHolder, NO_SCOPE, scopeSettings, type Scope, type ScopeSettings } from './scope.js';

export { schema };

/**
 * Raw `db.execute()` results as both drivers return them: node-postgres' `QueryResult` and
 * PGlite's `Results` both carry `rows` (row counts differ: rely on `returning()` instead).
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this['row'], Record<string, unknown>>>;
}
export interface QueryRows<TRow> {
  rows: TRow[];
}

/** The query builder every repository receives, whichever engine is behind it. */
export type Db = PgDatabase<QueryResultHKT, typeof schema>;

/** A transaction opened with `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a repository function takes when it may run inside or outside a transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** For logs: the PGlite directory, or the server URL without its password. */
  location: string;
  /**
   * PGlite only, for logs: how its data directory came to be at this open: `template` (copied
   * from the template `pnpm install` made, src/db/pglite-template.ts), `initdb` (a new one made
   * here, the slow path), `existing`, or `memory`.
   */
  origin?: 'template' | 'initdb' | 'existing' | 'memory';
  /** PGlite only, for logs: seconds its opening took (the template's copy or initdb included). */
  openSeconds?: number;
  /** Applies the pending SQL migrations of `drizzle/` as the tables' owner; safe to call from several processes. */
  migrate(): Promise<void>;
  /**
   * Whether the newest shipped migration is applied (src/db/migrate.ts), asked without switching
   * to the runtime role: before the first migration that role may not exist yet.
   */
  isMigrated(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * node-postgres pool use, read when metrics are scraped. PGlite has no pool (one in-process
   * connection whose queries queue inside PGlite): undefined there.
   */
  poolStats?: () => PoolStats;
  /** How many times a connection was given another scope (one statement each): the cost of row-level security. */
  scopeStats(): ScopeStats;
  /**
   * The database's change announcements heard by this process (src/db/change-feed.ts), one
   * listening connection per handle, started by the first call and closed with the handle.
   * PostgreSQL only: PGlite is one process's own database and keeps no read cache.
   */
  changes?: () => ChangeFeed;
}

export interface PoolStats {
  /** Connections open (idle + in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection (the pool is at `max`). */
  waiting: number;
  max: number;
}

export interface ScopeStats {
  /** Scope statements run (`set_config` x4, pipelined before the caller's query), since the database was opened. */
  applied: number;
}

/** Connections one API process opens at most on PostgreSQL. */
export const POOL_MAX = 10;

/**
 * The role every connection serving requests switches to (created by migration 0013): it owns
 * no table, has no BYPASSRLS, and row-level security is forced on every organisation's table.
 */
export const RUNTIME_ROLE = 'terres_api';
/**
 * The role of the admin and system scopes (migration 0017): the same rights, policies that let
 * every row through (`USING (true)`, which PostgreSQL drops from the plan), so that their lists
 * and searches keep their indexes.
 */
export const ADMIN_ROLE = 'terres_admin';

/**
 * One statement: the runtime role and the three settings the policies read, written just before
 * the caller's first query (`ScopedPool`). Session-level (`false`): a pooled connection keeps
 * them until its next checkout under another scope, which applies this again before anything
 * else runs on it.
 */
const APPLY_SCOPE_SQL =
  "select set_config('role', $1, false), set_config('app.all', $2, false), set_config('app.organization_id', $3, false), set_config('app.user_id', $4, false)";

function applyScopeParams(settings: ScopeSettings): string[] {
  return [settings.all === 'on' ? ADMIN_ROLE : RUNTIME_ROLE, settings.all, settings.organizationId, settings.userId];
}

export interface CreateDatabaseOptions {
  /** PGlite data directory instead of `$DATA_DIR/pglite`: `memory://` or a temp dir (tests). */
  pgliteDataDir?: string;
  /**
   * The scope of code that runs outside any request and any `withScope` (src/db/scope.ts).
   * Unset: none, so such code sees no row. Test helpers pass `systemScope('tests')`.
   */
  unscoped?: Scope;
  /**
   * The template a new PGlite data directory is copied from (src/db/pglite-template.ts);
   * `false`: never (initdb). Default: the one `pnpm install` makes, used when it is usable.
   */
  pgliteTemplate?: string | false;
}

// Any constant will do: it only has to be the same in every process migrating one database.
const MIGRATION_LOCK_KEY = 4_021_977_313;

export async function createDatabase(config: Config, options: CreateDatabaseOptions = {}): Promise<Database> {
  const unscoped = options.unscoped ?? NO_SCOPE;
  const wanted = () => scopeSettings(hasScopeHolder() ? currentScope() : unscoped);
  return config.databaseUrl
    ? createPostgres(config.databaseUrl, config.databaseOwnerUrl ?? config.databaseUrl, wanted)
    : createPglite(options.pgliteDataDir ?? join(config.dataDir, 'pglite'), wanted, options.pgliteTemplate ?? DEFAULT_TEMPLATE_DIR);
}

/**
 * A node-postgres pool whose every checkout (a pooled query, a drizzle transaction, a prepared
 * statement's execution) first gives the connection the caller's scope, read synchronously at
 * the call (the caller's async context). A connection already in that scope runs nothing more.
 *
 * The connections are pipelined (node-postgres' `pipeline`): a connection that needs another
 * scope is handed out as soon as its scope statement is written, so the caller's first query
 * follows it in the same round trip instead of waiting for its answer (issue 23: with many
 * users at once, most checkouts change scope). PostgreSQL answers in order, so the scope's
 * answer is read before the query's; should it fail, the query has run in an unknown scope: its
 * answer is refused (the scope's error instead, `#guard`) and the connection closed.
 */
export class ScopedPool extends pg.Pool {
  readonly scopeStats: ScopeStats = { applied: 0 };
  readonly #applied = new WeakMap<pg.PoolClient, string>();
  /** Connections whose scope statement failed: nothing they answer after it may reach a caller. */
  readonly #failed = new WeakMap<pg.PoolClient, Error>();

  constructor(
    config: pg.PoolConfig,
    private readonly wanted: () => ScopeSettings,
    /** The scope statement's parameters (a test gives one that fails). */
    private readonly paramsOf: (settings: ScopeSettings) => string[] = applyScopeParams,
  ) {
    super({ ...config, pipeline: true });
    this.on('connect', (client) => this.#guard(client));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const settings = this.wanted();
    if (!callback) return super.connect().then((client) => this.#apply(client, settings));
    // pg-pool's own `query` asks with a callback: answered with none of the promises above.
    super.connect((error, client, done) => {
      if (error || !client) callback(error ?? new Error('no connection'), undefined, done);
      else callback(undefined, this.#apply(client, settings), done);
    });
  }

  /**
   * A connection in the runtime role if it exists (else the login's own), with no scope change:
   * for `isMigrated` only (drizzle's journal, no organisation's row), which must answer before
   * the first migration creates the role, and after it for a login (NOINHERIT) whose only
   * rights are the role's. The connection's next checkout applies its scope again.
   */
  async connectForJournal(): Promise<pg.PoolClient> {
    const client = await super.connect();
    this.#applied.delete(client);
    try {
      await client.query(
        "select set_config('role', case when to_regrole($1) is not null and pg_has_role(session_user, $1, 'MEMBER') then $1 else 'none' end, false)",
        [RUNTIME_ROLE],
      );
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }

  /** Writes the scope statement when the connection's scope is another; does not wait for its answer. */
  #apply(client: pg.PoolClient, settings: ScopeSettings): pg.PoolClient {
    if (this.#applied.get(client) === settings.key) return client;
    // Named: parsed once per connection, then one Bind/Execute each time.
    client.query({ name: 'terres_apply_scope', text: APPLY_SCOPE_SQL, values: this.paramsOf(settings) }, (error: Error | null) => {
      if (!error) return;
      // Called before any later answer of the connection is read: #guard refuses them all.
      this.#failed.set(client, error);
      this.#applied.delete(client);
      void client.end().catch(() => {});
    });
    this.#applied.set(client, settings.key);
    this.scopeStats.applied += 1;
    return client;
  }

  /**
   * Wraps the connection's `query` once: an answer read after a failed scope statement is
   * replaced by that statement's error. (Query objects of their own, as cursors and streams
   * are, cannot be pipelined and are not used here: passed through.)
   */
  #guard(client: pg.PoolClient): void {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const failed = this.#failed;
    type Callback = (error: Error | null, result?: unknown) => void;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof values === 'function') [values, callback] = [undefined, values];
      if (typeof (config as { submit?: unknown } | null)?.submit === 'function') return query(config, values, callback);
      const answered = (done: Callback) => (error: Error | null, result: unknown) => {
        const refused = failed.get(client);
        if (refused) done(refused);
        else if (error) done(error);
        else done(null, result);
      };
      if (typeof callback === 'function') return query(config, values, answered(callback as Callback));
      return new Promise((resolve, reject) => {
        query(config, values, answered((error, result) => (error ? reject(error) : resolve(result))));
      });
    };
  }
}

function createPostgres(url: string, ownerUrl: string, wanted: () => ScopeSettings): Database {
  // A prepared statement's row parsers are built once, not for every query (src/db/row-parsers.ts).
  reuseRowParsers();
  const pool = new ScopedPool({ connectionString: url, max: POOL_MAX }, wanted);
  // An idle client losing its server connection must not crash the process; the next
  // query reports the problem (and /api/health answers 503).
  pool.on('error', () => {});
  // The same for a client checked out (a transaction under way): pg-pool listens only to idle
  // ones, and an 'error' event nobody listens to (the server ending the connection) would crash
  // the process. The query under way fails instead: the answer is a 503 (src/db/connection-errors.ts).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });
  let feed: ChangeFeed | undefined;

  /** A connection of the owner's own, outside the pool: migrations and their bookkeeping only. */
  async function asOwner<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      // Data migrations see every organisation's rows (FORCE applies to the owner too).
      await client.query("select set_config('app.all', 'on', false)");
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  return {
    db: db as unknown as Db,
    kind: 'postgres',
    location: redactPassword(url),
    async migrate() {
      // drizzle's migrator takes no lock: two API processes starting together (or parallel
      // test workers) would apply the same migration twice. Serialise them on one connection.
      await asOwner(async (client) => {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      });
    },
    async isMigrated() {
      const client = await pool.connectForJournal();
      try {
        return await isMigrated(drizzleNodePg({ client, schema }) as unknown as Db);
      } finally {
        client.release();
      }
    },
    async close() {
      await Promise.all([pool.end(), feed?.close()]);
    },
    changes() {
      if (!feed) {
        feed = new ChangeFeed(url);
        void feed.start();
      }
      return feed;
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
    scopeStats: () => ({ ...pool.scopeStats }),
  };
}

/**
 * PGlite is one in-process connection, and runs as its superuser, which row-level security
 * ignores: this wrapper switches that connection to the runtime role and the caller's scope.
 * A query and the statement that scopes it must not be split by another caller's, so every
 * call through the wrapper waits its turn in one queue (PGlite itself runs one at a time; a
 * transaction holds the queue until it ends, as it holds PGlite's own lock). What drizzle calls
 * of a PGlite client: `query`, `exec`, `transaction`.
 */
class ScopedPglite {
  readonly scopeStats: ScopeStats = { applied: 0 };
  #appliedKey: string | undefined;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly raw: PGlite,
    private readonly wanted: () => ScopeSettings,
  ) {}

  /** After the raw connection was used as the superuser (migrations): apply the scope again. */
  forgetScope(): void {
    this.#appliedKey = undefined;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#scoped(this.wanted(), () => this.raw.query<T>(text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#scoped(this.wanted(), () => this.raw.exec(text, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#scoped(this.wanted(), () => this.raw.transaction(callback));
  }

  #scoped<T>(settings: ScopeSettings, fn: () => Promise<T>): Promise<T> {
    const turn = async () => {
      if (this.#appliedKey !== settings.key) {
        // Outside any transaction, so no rollback can undo it behind our back.
        this.#appliedKey = undefined;
        await this.raw.query(APPLY_SCOPE_SQL, applyScopeParams(settings));
        this.#appliedKey = settings.key;
        this.scopeStats.applied += 1;
      }
      return fn();
    };
    const result = this.#tail.then(turn, turn);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * PGlite's start-up settings: its own, plus buffers sized for one developer's database. PGlite's
 * data directory asks for PostgreSQL's server sizes (160 MB of shared buffers, 5 MB of WAL
 * buffers), which live in the process's WebAssembly memory: measured on the demo data, opening
 * it took the process from 49 to 288 MiB RSS, 168 MiB with these (issue 23: the PGlite API under
 * 250 MiB). The demo's tables fit in 16 MB many times over. Given at every start, never written
 * into the data directory.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_buffers=1MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'maintenance_work_mem=16MB',
];

/**
 * A PGlite database in `dataDir`, outside any configuration: what `createDatabase` opens without
 * DATABASE_URL, and what the template maker (src/db/pglite-template-cli.ts) migrates.
 */
export function createPgliteDatabase(dataDir: string, options: { unscoped?: Scope; template?: string | false } = {}): Promise<Database> {
  const unscoped = options.unscoped ?? NO_SCOPE;
  return createPglite(dataDir, () => scopeSettings(hasScopeHolder() ? currentScope() : unscoped), options.template ?? DEFAULT_TEMPLATE_DIR);
}

async function createPglite(dataDir: string, wanted: () => ScopeSettings, template: string | false): Promise<Database> {
  const started = performance.now();
  let origin: Database['origin'] = 'memory';
  if (!dataDir.includes('://')) {
    origin = 'existing';
    if (isNewDataDir(dataDir)) {
      // The first set-up, made once at install (src/db/pglite-template.ts); else initdb here.
      origin = template !== false && seedFromTemplate(dataDir, template) ? 'template' : 'initdb';
    }
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm ships in PGlite's contrib bundle; loading it lets migration 0005 create the
  // trigram index of the quick search (without it the search scans, see the README).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: [...PGLITE_START_PARAMS] });
  const scoped = new ScopedPglite(client, wanted);
  const db = drizzlePglite({ client: scoped as unknown as PGlite, schema, casing: 'snake_case' });

  return {
    db: db as unknown as Db,
    kind: 'pglite',
    location: dataDir,
    origin,
    openSeconds: (performance.now() - started) / 1000,
    async migrate() {
      // PGlite is one connection owned by this process: nothing to lock. The migrator opens its
      // own transaction, so the superuser is restored first, outside one.
      await client.query("select set_config('role', 'none', false), set_config('app.all', 'on', false)");
      scoped.forgetScope();
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    // Whatever role the connection has now: the owner's before any scoped query, else the runtime
    // role, which may read drizzle's journal (migration 0013). Changes no setting.
    isMigrated: () => isMigrated(drizzlePglite({ client, schema }) as unknown as Db),
    async close() {
      if (!client.closed) await client.close();
    },
    scopeStats: () => ({ ...scoped.scopeStats }),
  };
}

/** `select 1`: throws when the database cannot be reached. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}
