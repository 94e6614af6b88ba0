import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, tempDir, testConfig, type RunningApp } from '../../test/helpers/app.js';
import { shippedMigrationCount } from '../../test/helpers/database.js';
import { createDatabase, RUNTIME_ROLE, type Database } from './index.js';
import { asSystem, organizationScope, systemScope, withScope } from './scope.js';
import { issueCode } from '../auth/codes.js';
import { RateLimiter } from '../auth/rate-limit.js';
import { verifyCode } from '../services/sign-in.js';
import { DEFAULT_MATCHING_CONFIG, messages } from '@terres/domain';
import { candidatesQuery, findMatches, toMatchListing } from '../services/matching.js';
import { explainPrefilter } from '../../test/helpers/matching.js';
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

  it("sizes PGlite's buffers for one developer's database, not a server's (issue 23: memory)", async () => {
    const { rows } = await running.app.database.db.execute<{ name: string; kb: number }>(
      sql`select name, (pg_size_bytes(current_setting(name)) / 1024)::int as kb from pg_settings where name in ('shared_buffers', 'wal_buffers')`,
    );
    const kb = Object.fromEntries(rows.map((row) => [row.name, Number(row.kb)]));
    // PGlite's own data directory asks for 160 MB and 5 MB.
    expect(kb.shared_buffers).toBeLessThanOrEqual(32 * 1024);
    expect(kb.wal_buffers).toBeLessThanOrEqual(2 * 1024);
  });

  it('names its driver in the metrics and reports no pool (PGlite is one in-process connection)', async () => {
    const text = await (await fetch(`${running.url}/api/metrics`)).text();
    expect(text).toContain('terres_db_info{driver="pglite"} 1');
    expect(text).not.toContain('terres_db_pool_');
  });

  // The test's own rows: a named system scope (the app's requests get their callers').
  it('runs the same migration as PostgreSQL (gen_random_uuid, jsonb, timestamptz)', () => asSystem('tests', async () => {
    const [row] = await running.app.db.insert(auditLog).values({ action: 'test.pglite', details: { n: 1 } }).returning();
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
    const count = await running.app.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(count.rows[0]?.n).toBe(shippedMigrationCount());
  }));

  it('finds matching candidates through the B-tree index on (latitude band, longitude, latitude, start, end), as PostgreSQL does', () => asSystem('tests', async () => {
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
    // With sequential scans off, the prefilter's plan is an index scan of the FILL index, the
    // radius box and the period inside it although row-level security applies (migration 0016).
    const lines = await explainPrefilter(db, candidatesQuery(db, toMatchListing(cut!), DEFAULT_MATCHING_CONFIG)!);
    expect(lines.join('\n')).toContain('inquiries_match_fill_idx');
    const indexCond = lines.find((line) => line.includes('Index Cond'));
    for (const column of ['match_band', 'site_latitude', 'site_longitude', 'start_date', 'end_date']) expect(indexCond, column).toContain(column);
  }));
  // The raw statements prepared once per connection (src/db/prepared.ts, issue 23) run on PGlite too.
  it("signs an existing account in by the code check's short path: the per-IP count in the code's read, a wrong guess counted, the code consumed once", () =>
    withScope(systemScope('sign-in'), async () => {
      const { app } = running;
      const email = `pglite.${Date.now()}@bourse.test`;
      await app.db.insert(users).values({ email, role: 'OWNER' });
      await new RateLimiter(app.db, { name: 'otp-check', limit: 1, windowMs: 60_000 }).hit('192.0.2.7');
      await expect(new RateLimiter(app.db, { name: 'otp-check', limit: 1, windowMs: 60_000 }).hit('192.0.2.7')).rejects.toMatchObject({ status: 429 });
      const { code } = await issueCode(app.db, app.config.authSecret, { email, purpose: 'LOGIN' });
      const wrong = code === '000000' ? '000001' : '000000';
      // Three checks allowed from this address: each counted in the code's read.
      const limit = { limiter: new RateLimiter(app.db, { name: 'otp-check', limit: 3, windowMs: 60_000 }), subject: '192.0.2.8' };
      await expect(verifyCode(app, { email, otp: wrong, deviceId: undefined, limit })).rejects.toMatchObject({ status: 400, detail: messages.wrongCode });
      const { session, settle } = await verifyCode(app, { email, otp: code, deviceId: undefined, limit });
      expect(settle).toBe(false);
      expect(session.user).toMatchObject({ email, role: 'OWNER' });
      await expect(verifyCode(app, { email, otp: code, deviceId: undefined, limit })).rejects.toMatchObject({ status: 400, detail: messages.expiredCode });
      await expect(verifyCode(app, { email, otp: code, deviceId: undefined, limit })).rejects.toMatchObject({ status: 429 });
      const { rows } = await app.db.execute<{ failed: number; families: number }>(
        sql`select (select failed_attempts from one_time_codes where email = ${email}) as failed,
                   (select count(*)::int from session_families f join users u on u.id = f.user_id where u.email = ${email}) as families`,
      );
      expect(rows.map((row: { failed: number; families: number }) => ({ failed: Number(row.failed), families: Number(row.families) }))).toEqual([{ failed: 1, families: 1 }]);
    }));
});

describe('row-level security on PGlite', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createDatabase(testConfig(), { pgliteDataDir: 'memory://' });
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('switches its superuser session to the runtime role, so the policies apply as on PostgreSQL', async () => {
    const [first] = await asSystem('tests', () =>
      database.db
        .insert(organizations)
        .values({ name: 'Alpha SAS', registrationNumber: '73282932000074', legalForm: 'SAS', street: '1 rue', postcode: '68100', city: 'Mulhouse' })
        .returning(),
    );
    await asSystem('tests', () =>
      database.db
        .insert(organizations)
        .values({ name: 'Bêta SAS', registrationNumber: '35600000000048', legalForm: 'SAS', street: '2 rue', postcode: '67000', city: 'Strasbourg' }),
    );
    const who = await database.db.execute<{ role: string; superuser: string }>(sql`select current_user as role, current_setting('is_superuser') as superuser`);
    expect(who.rows).toEqual([{ role: RUNTIME_ROLE, superuser: 'off' }]);
    // No scope: nothing; organisation A: A only; the system scope: both.
    expect(await database.db.select({ name: organizations.name }).from(organizations)).toEqual([]);
    const own = await withScope(organizationScope(first!.id, null), () => database.db.select({ name: organizations.name }).from(organizations));
    expect(own).toEqual([{ name: 'Alpha SAS' }]);
    const all = await asSystem('tests', () => database.db.select({ name: organizations.name }).from(organizations).orderBy(organizations.name));
    expect(all).toEqual([{ name: 'Alpha SAS' }, { name: 'Bêta SAS' }]);
    const moved = await withScope(organizationScope(first!.id, null), () =>
      database.db.execute(sql`update organizations set name = 'Pris' returning id`),
    );
    expect(moved.rows).toEqual([{ id: first!.id }]);
    // A failed transaction leaves the connection in a known scope: the next query sees A's row.
    expect(await database.db.select({ name: organizations.name }).from(organizations)).toEqual([]);
    await expect(
      withScope(organizationScope(first!.id, null), () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('rollback');
        }),
      ),
    ).rejects.toThrow('rollback');
    const again = await withScope(organizationScope(first!.id, null), () => database.db.select({ name: organizations.name }).from(organizations));
    expect(again).toEqual([{ name: 'Pris' }]);
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
    expect(await database.isMigrated()).toBe(false);
    const before = await fetch(`${running.url}/api/health`);
    expect(before.status).toBe(503);
    expect(before.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await before.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });

    await database.migrate();
    const after = await fetch(`${running.url}/api/health`);
    expect(after.status).toBe(200);
  });
});
