import { acceptanceFromFields, acceptanceOf, LEGACY_FILL_ACCEPTANCE, qualityClassOf } from '@terres/domain';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, testConfig } from '../../test/helpers/app.js';
import { createTestDatabase, shippedMigrationCount, type TestDatabase } from '../../test/helpers/database.js';
import { migrationsFolder } from '../paths.js';
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

describe('migration 0007 (issue 11) on listings saved before it', () => {
  let scratch: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    scratch = await createTestDatabase();
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });

  it('classes every stored material line UNKNOWN without a code, and leaves FILL listings the legacy acceptance', async () => {
    const shipped = readMigrationFiles({ migrationsFolder });
    const index = shipped.findIndex((migration) => migration.sql.some((statement) => statement.includes('CREATE TABLE "match_alerts"')));
    expect(index).toBe(7);
    const apply = async (migration: (typeof shipped)[number]) => {
      for (const statement of migration.sql) if (statement.trim() !== '') await client.query(statement);
    };
    for (const migration of shipped.slice(0, index)) await apply(migration);

    // Two listings as the API stored them before soil quality existed.
    const { rows: [org] } = await client.query<{ id: string }>(
      `insert into organizations (name, registration_number, legal_form, street, postcode, city) values ('Avant SAS', '73282932000074', 'SAS', '1 rue', '68100', 'Mulhouse') returning id`,
    );
    const { rows: [user] } = await client.query<{ id: string }>(`insert into users (email, role, organization_id) values ('avant@example.test', 'OWNER', $1) returning id`, [org!.id]);
    const oldLines = [
      { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 1000, price: 8 },
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 500, price: -5 },
    ];
    const insert = (type: string, materials: unknown) =>
      client.query<{ id: string }>(
        `insert into inquiries (organization_id, user_id, type, status, project_name, materials) values ($1, $2, $3, 'APPROVED', $4, $5::jsonb) returning id`,
        [org!.id, user!.id, type, `Annonce ${type}`, JSON.stringify(materials)],
      );
    const { rows: [cut] } = await insert('CUT', oldLines);
    const { rows: [fill] } = await insert('FILL', [{ materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 600, price: 2 }]);
    const { rows: [empty] } = await insert('CUT', []);

    await apply(shipped[index]!);

    const read = async (id: string) =>
      (await client.query<{ materials: Record<string, unknown>[]; receiving_use: string | null; accepted_quality_classes: string[]; accepted_waste_codes: string[] }>(
        'select materials, receiving_use, accepted_quality_classes, accepted_waste_codes from inquiries where id = $1',
        [id],
      )).rows[0]!;
    const migratedCut = await read(cut!.id);
    // Every line kept as it was, in its order, with the unknown class and no code.
    expect(migratedCut.materials).toEqual(oldLines.map((line) => ({ ...line, qualityClass: 'UNKNOWN', wasteCode: null })));
    expect(migratedCut.materials.map((line) => qualityClassOf(line))).toEqual(['UNKNOWN', 'UNKNOWN']);
    const migratedFill = await read(fill!.id);
    expect(migratedFill.materials).toEqual([{ materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 600, price: 2, qualityClass: 'UNKNOWN', wasteCode: null }]);
    expect(migratedFill).toMatchObject({ receiving_use: null, accepted_quality_classes: [], accepted_waste_codes: [] });
    // Read by the domain as the legacy acceptance: natural inert and unknown soil, 17 05 04 and 20 02 02.
    const acceptance = acceptanceFromFields({
      receivingUse: migratedFill.receiving_use,
      acceptedQualityClasses: migratedFill.accepted_quality_classes,
      acceptedWasteCodes: migratedFill.accepted_waste_codes,
    });
    expect(acceptanceOf({ acceptance })).toEqual(LEGACY_FILL_ACCEPTANCE);
    expect((await read(empty!.id)).materials).toEqual([]);
  });
});
