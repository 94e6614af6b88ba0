import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../paths.js';
import type { Db } from './index.js';

let latestMigration: number | undefined;

/** `when` of the newest migration in `drizzle/meta/_journal.json` (read once per process). */
function latestMigrationMillis(): number {
  latestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return latestMigration;
}

/**
 * True when the newest migration shipped with this build is recorded in the database (drizzle
 * keeps the journal's `when` as `created_at` in `drizzle.__drizzle_migrations`). Throws when the
 * database cannot be reached; false when it was never migrated.
 */
export async function isMigrated(db: Db): Promise<boolean> {
  const tables = await db.execute<{ exists: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  );
  if (!tables.rows[0]?.exists) return false;
  const applied = await db.execute<{ latest: string | number | null }>(
    sql`select max(created_at) as "latest" from drizzle.__drizzle_migrations`,
  );
  const latest = Number(applied.rows[0]?.latest ?? 0);
  return latest >= latestMigrationMillis();
}
