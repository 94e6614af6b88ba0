import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, tempDir, testConfig, type RunningApp } from '../../test/helpers/app.js';
import { shippedMigrationCount } from '../../test/helpers/database.js';
import { createDatabase, type Database } from './index.js';
import { isMigrated } from './migrate.js';
import { DEFAULT_MATCHING_CONFIG } from '@terres/domain';
import { findMatches } from '../services/matching.js';
import { auditLog, inquiries, organizations, users } from './schema.js';

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

  it('names its driver in the metrics and reports no pool (PGlite is one in-process connection)', async () => {
    const text = await (await fetch(`${running.url}/api/metrics`)).text();
    expect(text).toContain('terres_db_info{driver="pglite"} 1');
    expect(text).not.toContain('terres_db_pool_');
  });

  it('runs the same migration as PostgreSQL (gen_random_uuid, jsonb, timestamptz)', async () => {
    const [row] = await running.app.db.insert(auditLog).values({ action: 'test.pglite', details: { n: 1 } }).returning();
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
    const count = await running.app.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(count.rows[0]?.n).toBe(shippedMigrationCount());
  });

  it('finds matching candidates through the GiST index on (point, daterange), as PostgreSQL does', async () => {
    const db = running.app.db;
    const [organization] = await db
      .insert(organizations)
      .values({ name: 'PGlite SAS', registrationNumber: '73282932000074', legalForm: 'SAS', street: '1 rue', postcode: '68100', city: 'Mulhouse' })
      .returning();
    const [user] = await db.insert(users).values({ email: 'pglite@exemple.fr', role: 'OWNER', organizationId: organization!.id }).returning();
    const base = { organizationId: organization!.id, userId: user!.id, status: 'APPROVED', startDate: '2027-03-01', endDate: '2027-06-30' };
    const topsoil = { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 500, price: 8, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' };
    const [cut] = await db
      .insert(inquiries)
      .values({ ...base, type: 'CUT', projectName: 'Déblais', siteLatitude: 47.75, siteLongitude: 7.34, materials: [topsoil] })
      .returning();
    await db.insert(inquiries).values([
      { ...base, type: 'FILL', projectName: 'Remblai proche', siteLatitude: 47.8, siteLongitude: 7.3, materials: [{ ...topsoil, groundComposition: 'Nature inconnue' }] },
      { ...base, type: 'FILL', projectName: 'Remblai lointain', siteLatitude: 45.76, siteLongitude: 4.83, materials: [{ ...topsoil, groundComposition: 'Nature inconnue' }] },
    ]);
    const found = await findMatches(db, cut!, DEFAULT_MATCHING_CONFIG, 10);
    expect(found.total).toBe(1);
    expect(found.ranked[0]?.candidate.projectName).toBe('Remblai proche');
    // With sequential scans off, the prefilter's plan is an index scan of the FILL index.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain select id from inquiries
        where type = 'FILL' and deleted_at is null and status in ('APPROVED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PRE_CONTRACT_SIGNED')
          and site_latitude is not null and site_longitude is not null and start_date <= end_date and jsonb_array_length(materials) > 0
          and point(site_longitude, site_latitude) <@ box(point(6.7, 47.3), point(8.0, 48.2))
          and daterange(start_date, end_date, '[]') && daterange('2027-03-01'::date, '2027-06-30'::date, '[]')`);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('inquiries_match_fill_idx');
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
