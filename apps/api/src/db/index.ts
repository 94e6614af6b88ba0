// One database handle for both engines: node-postgres when DATABASE_URL is set, embedded PGlite
// otherwise. Both are drizzle `PgDatabase`s over the same schema, so repositories never care.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
import * as schema from './schema.js';

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
  /** Applies the pending SQL migrations of `drizzle/`; safe to call from several processes. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * node-postgres pool use, read when metrics are scraped. PGlite has no pool (one in-process
   * connection whose queries queue inside PGlite): undefined there.
   */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Connections open (idle + in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection (the pool is at `max`). */
  waiting: number;
  max: number;
}

/** Connections one API process opens at most on PostgreSQL. */
export const POOL_MAX = 10;

export interface CreateDatabaseOptions {
  /** PGlite data directory instead of `$DATA_DIR/pglite`: `memory://` or a temp dir (tests). */
  pgliteDataDir?: string;
}

// Any constant will do: it only has to be the same in every process migrating one database.
const MIGRATION_LOCK_KEY = 4_021_977_313;

export async function createDatabase(config: Config, options: CreateDatabaseOptions = {}): Promise<Database> {
  return config.databaseUrl
    ? createPostgres(config.databaseUrl)
    : createPglite(options.pgliteDataDir ?? join(config.dataDir, 'pglite'));
}

function createPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  // An idle client losing its server connection must not crash the process; the next
  // query reports the problem (and /api/health answers 503).
  pool.on('error', () => {});
  // The same for a client checked out (a transaction under way): pg-pool listens only to idle
  // ones, and an 'error' event nobody listens to (the server ending the connection) would crash
  // the process. The query under way fails instead: the answer is a 503 (src/db/connection-errors.ts).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' });

  return {
    db: db as unknown as Db,
    kind: 'postgres',
    location: redactPassword(url),
    async migrate() {
      // drizzle's migrator takes no lock: two API processes starting together (or parallel
      // test workers) would apply the same migration twice. Serialise them on one connection.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
  };
}

async function createPglite(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm ships in PGlite's contrib bundle; loading it lets migration 0005 create the
  // trigram index of the quick search (without it the search scans, see the README).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });

  return {
    db: db as unknown as Db,
    kind: 'pglite',
    location: dataDir,
    async migrate() {
      // PGlite is one connection owned by this process: nothing to lock.
      await migratePglite(db, { migrationsFolder });
    },
    async close() {
      if (!client.closed) await client.close();
    },
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
