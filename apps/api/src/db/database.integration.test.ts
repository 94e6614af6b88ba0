import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, testConfig } from '../../test/helpers/app.js';
import { createTestDatabase, shippedMigrationCount, type TestDatabase } from '../../test/helpers/database.js';
import { createDatabase, type Database } from './index.js';
import { auditLog } from './schema.js';

describe('migrations on PostgreSQL', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPostgres(inject('databaseUrl'));
  });

  afterAll(async () => {
    await database?.close();
  });

  it('created audit_log, with generated ids and timestamps', async () => {
    const columns = await database.db.execute<{ column_name: string; data_type: string; is_nullable: string }>(
      sql`select column_name, data_type, is_nullable from information_schema.columns
          where table_schema = 'public' and table_name = 'audit_log' order by ordinal_position`,
    );
    expect(columns.rows).toEqual([
      { column_name: 'id', data_type: 'uuid', is_nullable: 'NO' },
      { column_name: 'actor_user_id', data_type: 'uuid', is_nullable: 'YES' },
      { column_name: 'action', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'target_type', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'target_id', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'details', data_type: 'jsonb', is_nullable: 'YES' },
      { column_name: 'created_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
    ]);

    const [row] = await database.db
      .insert(auditLog)
      .values({ action: 'test.pg', targetType: 'inquiry', targetId: '42', details: { reason: 'éssai' } })
      .returning();
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.details).toEqual({ reason: 'éssai' });
    expect(await database.isMigrated()).toBe(true);
  });

  it('is idempotent: migrating again applies nothing', async () => {
    const before = await database.db.execute<{ n: string }>(sql`select count(*)::text as n from drizzle.__drizzle_migrations`);
    await database.migrate();
    const after = await database.db.execute<{ n: string }>(sql`select count(*)::text as n from drizzle.__drizzle_migrations`);
    expect(after.rows).toEqual(before.rows);
    expect(before.rows[0]?.n).toBe(String(shippedMigrationCount()));
  });
});

describe('migrating a new PostgreSQL database from several processes at once', () => {
  let scratch: TestDatabase;

  beforeAll(async () => {
    scratch = await createTestDatabase();
  });

  afterAll(async () => {
    await scratch?.drop();
  });

  it('applies each migration once (advisory lock)', async () => {
    const handles = await Promise.all([1, 2, 3].map(() => createDatabase(testConfig({ DATABASE_URL: scratch.url }))));
    try {
      expect(await handles[0]!.isMigrated()).toBe(false);
      await Promise.all(handles.map((handle) => handle.migrate()));
      const applied = await handles[0]!.db.execute<{ n: string }>(sql`select count(*)::text as n from drizzle.__drizzle_migrations`);
      expect(applied.rows[0]?.n).toBe(String(shippedMigrationCount()));
      expect(await handles[1]!.isMigrated()).toBe(true);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
