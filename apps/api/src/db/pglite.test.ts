import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, tempDir, testConfig, type RunningApp } from '../../test/helpers/app.js';
import { shippedMigrationCount } from '../../test/helpers/database.js';
import { createDatabase, type Database } from './index.js';
import { isMigrated } from './migrate.js';
import { auditLog } from './schema.js';

describe('embedded PGlite (no DATABASE_URL)', () => {
  const dir = tempDir();
  let running: RunningApp;

  beforeAll(async () => {
    // The app opens its own PGlite in $DATA_DIR/pglite, as `pnpm start` does.
    running = await startApp({ config: testConfig({ DATA_DIR: dir.path }) });
    await running.app.database.migrate();
  });

  afterAll(async () => {
    await running?.close();
    dir.remove();
  });

  it('boots, migrates and answers /api/health with 200', async () => {
    expect(running.app.database.kind).toBe('pglite');
    expect(running.app.database.location).toBe(`${dir.path}/pglite`);
    const response = await fetch(`${running.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('runs the same migration as PostgreSQL (gen_random_uuid, jsonb, timestamptz)', async () => {
    const [row] = await running.app.db.insert(auditLog).values({ action: 'test.pglite', details: { n: 1 } }).returning();
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
    const count = await running.app.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(count.rows[0]?.n).toBe(shippedMigrationCount());
  });
});

describe('health before migrations', () => {
  let database: Database;
  let running: RunningApp;

  beforeAll(async () => {
    database = await createDatabase(testConfig(), { pgliteDataDir: 'memory://' });
    running = await startApp({ config: testConfig(), database });
  });

  afterAll(async () => {
    await running?.close();
    await database?.close();
  });

  it('answers 503 until the database is migrated, then 200', async () => {
    expect(await isMigrated(database.db)).toBe(false);
    const before = await fetch(`${running.url}/api/health`);
    expect(before.status).toBe(503);
    expect(before.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await before.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });

    await database.migrate();
    const after = await fetch(`${running.url}/api/health`);
    expect(after.status).toBe(200);
  });
});
