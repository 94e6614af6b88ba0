// The embedded database's template (issue 23, src/db/pglite-template.ts): a new data directory is
// a copy of a migrated one made once, migrations newer than the template still apply, data
// stays across opens, and a template this build cannot trust is never used.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/app.js';
import { createPgliteDatabase, PGLITE_START_PARAMS } from './index.js';
import { makeTemplate, shippedMigrations, usableTemplate, type TemplateManifest } from './pglite-template.js';
import { systemScope } from './scope.js';

const unscoped = systemScope('tests');

async function initialise(dataDir: string): Promise<void> {
  const database = await createPgliteDatabase(dataDir, { template: false });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

async function hasNotificationsTable(dataDir: string): Promise<boolean> {
  const database = await createPgliteDatabase(dataDir, { unscoped });
  try {
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_name = 'notifications'`);
    return Number(rows[0]?.n) === 1;
  } finally {
    await database.close();
  }
}

async function hasReasonColumn(dataDir: string): Promise<boolean> {
  const database = await createPgliteDatabase(dataDir, { unscoped });
  try {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.columns where table_name = 'credit_ledger' and column_name = 'reason'`,
    );
    return Number(rows[0]?.n) === 1;
  } finally {
    await database.close();
  }
}

describe('PGlite template', () => {
  const dir = tempDir('bourse-template-');
  const template = join(dir.path, 'template');

  beforeAll(async () => {
    expect(await makeTemplate(template, initialise)).toEqual({ made: true, reason: 'no template' });
  });

  afterAll(() => dir.remove());

  it('is made once: a second install finds it up to date', async () => {
    expect(await makeTemplate(template, initialise)).toEqual({ made: false });
    const manifest = JSON.parse(readFileSync(join(template, 'template.json'), 'utf8')) as TemplateManifest;
    expect(manifest.migrations).toEqual(shippedMigrations());
    expect(existsSync(join(template, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('seeds a new data directory, migrated, whose data stays across opens', async () => {
    const dataDir = join(dir.path, 'data-1', 'pglite');
    const first = await createPgliteDatabase(dataDir, { template, unscoped });
    try {
      expect(first.origin).toBe('template');
      expect(await first.isMigrated()).toBe(true);
      await first.migrate();
      await first.db.execute(sql`insert into users (email, role) values ('kept@demo.test', 'OWNER')`);
    } finally {
      await first.close();
    }
    const second = await createPgliteDatabase(dataDir, { template, unscoped });
    try {
      expect(second.origin).toBe('existing');
      const { rows } = await second.db.execute<{ email: string }>(sql`select email from users`);
      expect(rows.map((row) => row.email)).toEqual(['kept@demo.test']);
    } finally {
      await second.close();
    }
  });

  it('applies the migrations newer than the template', { timeout: 120_000 }, async () => {
    // An older template: the two newest migrations undone in it (a new migration adds its undo here).
    const undo: Record<number, string> = {
      1796500000000: 'alter table credit_ledger drop column reason', // 0031
      1796550000000: 'drop table notification_digests, notification_preferences, notifications cascade', // 0032
    };
    const older = join(dir.path, 'older');
    cpSync(template, older, { recursive: true });
    const undone = [...shippedMigrations()].sort((x, y) => y - x).slice(0, 2);
    expect(undone.filter((when) => !undo[when]), 'migrations this test cannot undo: add their undo').toEqual([]);
    const raw = await PGlite.create(join(older, 'pglite'), { startParams: [...PGLITE_START_PARAMS] });
    for (const when of undone) await raw.exec(`${undo[when]}; delete from drizzle.__drizzle_migrations where created_at = ${when}`);
    await raw.close();
    const manifestFile = join(older, 'template.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as TemplateManifest;
    manifest.migrations = manifest.migrations.filter((when) => !undone.includes(when));
    writeFileSync(manifestFile, JSON.stringify(manifest));

    const dataDir = join(dir.path, 'data-2', 'pglite');
    const database = await createPgliteDatabase(dataDir, { template: older, unscoped });
    try {
      expect(database.origin).toBe('template');
      expect(await database.isMigrated()).toBe(false);
      await database.migrate();
      expect(await database.isMigrated()).toBe(true);
    } finally {
      await database.close();
    }
    expect(await hasReasonColumn(dataDir)).toBe(true);
    expect(await hasNotificationsTable(dataDir)).toBe(true);
  });

  it('is never used when another PGlite made it, or when it holds a migration this build does not ship', () => {
    const manifest = JSON.parse(readFileSync(join(template, 'template.json'), 'utf8')) as TemplateManifest;
    const copy = (changes: Partial<TemplateManifest>) => {
      writeFileSync(join(template, 'template.json'), JSON.stringify({ ...manifest, ...changes }));
      return usableTemplate(template);
    };
    try {
      expect(copy({ pglite: '0.0.1' })).toEqual({ reason: expect.stringContaining('PGlite 0.0.1') });
      expect(copy({ migrations: [...manifest.migrations, 9_999_999_999_999] })).toEqual({
        reason: 'template holds a migration this build does not ship',
      });
      expect(copy({})).toHaveProperty('manifest');
    } finally {
      writeFileSync(join(template, 'template.json'), JSON.stringify(manifest));
    }
    expect(usableTemplate(join(dir.path, 'none'))).toEqual({ reason: 'no template' });
  });

  it('leaves a data directory without a usable template to initdb, as before', { timeout: 120_000 }, async () => {
    const dataDir = join(dir.path, 'data-3', 'pglite');
    const database = await createPgliteDatabase(dataDir, { template: join(dir.path, 'none') });
    try {
      expect(database.origin).toBe('initdb');
      expect(await database.isMigrated()).toBe(false);
    } finally {
      await database.close();
    }
    // initdb itself: tens of seconds on a busy 2-core machine.
  });
});
