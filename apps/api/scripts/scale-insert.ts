// Fills an EMPTY PostgreSQL database with organisations, users and listings at scale (the data
// of ./scale-data.ts): `seed:scale` and `bench:matching` call it. Multi-row inserts from arrays
// (`unnest`), in batches; listings are generated and inserted 100 000 at a time, so a million
// never sit in memory at once.
import pg from 'pg';
import { createDatabase } from '../src/db/index.js';
import { loadConfig } from '../src/env.js';
import { createRandom, makeListings, makeOrganizations, type ListingOptions, type ScaleListing, type ScaleOrganization } from './scale-data.js';

const BATCH = 5000;
const CHUNK = 100_000;

/** `insert into <table> (<columns>) select * from unnest($1::t1[], $2::t2[], ...)`, in batches. */
export async function insertColumns<T>(
  client: pg.PoolClient,
  table: string,
  rows: readonly T[],
  columns: readonly (readonly [column: string, type: string, value: (row: T) => unknown])[],
): Promise<void> {
  const list = columns.map(([column]) => column).join(', ');
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await client.query(
      `insert into ${table} (${list}) select * from unnest(${arrays})`,
      columns.map(([, , value]) => batch.map(value)),
    );
  }
}

export interface ScaleFill extends ListingOptions {
  listings: number;
  organizations: number;
  seed: number;
}

export interface ScaleFillResult {
  users: number;
  generateSeconds: number;
  insertSeconds: number;
  totalSeconds: number;
  byStatus: { status: string; count: string }[];
}

/** Migrates the database at `url` and fills it (it must hold no organisation). */
export async function fillScaleDatabase(url: string, options: ScaleFill): Promise<ScaleFillResult> {
  const started = performance.now();
  // A fixed secret: the config's dev secret would be written under the repository's data dir.
  const database = await createDatabase(loadConfig({ DATABASE_URL: url, AUTH_SECRET: 'scale-data-only-no-tokens-are-signed-here' }, {}));
  await database.migrate();
  await database.close();

  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ count: string }>('select count(*) from organizations');
    if (Number(rows[0]!.count) > 0) throw new Error(`the database already holds ${rows[0]!.count} organisations: it must be empty.`);
    const random = createRandom(options.seed || 1);
    const now = Date.now();
    let generating = 0;
    let t = performance.now();
    const organizations = makeOrganizations(random, options.organizations, now);
    generating += performance.now() - t;
    await client.query('begin');
    await insertOrganizations(client, organizations);
    for (let done = 0; done < options.listings; done += CHUNK) {
      t = performance.now();
      const listings = makeListings(random, organizations, Math.min(CHUNK, options.listings - done), now, options);
      generating += performance.now() - t;
      await insertListings(client, listings);
    }
    await client.query('commit');
    const inserted = performance.now();
    // Fresh statistics for the planner, and a visibility map so list pages are index-only scans.
    await client.query('vacuum (analyze) organizations, users, inquiries, credit_ledger');
    const byStatus = await client.query<{ status: string; count: string }>(
      'select status, count(*) from inquiries where deleted_at is null group by status order by status',
    );
    return {
      users: organizations.reduce((sum, o) => sum + o.users.length, 0),
      generateSeconds: generating / 1000,
      insertSeconds: (inserted - started - generating) / 1000,
      totalSeconds: (performance.now() - started) / 1000,
      byStatus: byStatus.rows,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
    await pool.end();
  }
}

export async function insertOrganizations(client: pg.PoolClient, organizations: readonly ScaleOrganization[]) {
  await insertColumns(client, 'organizations', organizations, [
    ['id', 'uuid', (o) => o.id],
    ['name', 'text', (o) => o.name],
    ['registration_number', 'text', (o) => o.registrationNumber],
    ['legal_form', 'text', (o) => o.legalForm],
    ['street', 'text', (o) => o.street],
    ['postcode', 'text', (o) => o.postcode],
    ['city', 'text', (o) => o.city],
    ['email', 'text', (o) => o.email],
    ['office_phone_number', 'text', (o) => o.officePhoneNumber],
    ['mobile_phone_number', 'text', (o) => o.mobilePhoneNumber],
    ['representative_first_name', 'text', (o) => o.representativeFirstName],
    ['representative_last_name', 'text', (o) => o.representativeLastName],
    ['representative_position', 'text', (o) => o.representativePosition],
    ['representative_email', 'text', (o) => o.representativeEmail],
    ['representative_phone_number', 'text', (o) => o.representativePhoneNumber],
    ['verified', 'boolean', (o) => o.verified],
    ['archived_at', 'timestamptz', (o) => o.archivedAt],
    ['credit_balance', 'integer', (o) => o.creditBalance],
    ['created_at', 'timestamptz', (o) => o.createdAt],
    ['updated_at', 'timestamptz', (o) => o.createdAt],
  ]);
  const members = organizations.flatMap((o) => o.users.map((u) => ({ ...u, organizationId: o.id, createdAt: o.createdAt })));
  await insertColumns(client, 'users', members, [
    ['id', 'uuid', (u) => u.id],
    ['email', 'text', (u) => u.email],
    ['role', 'text', (u) => u.role],
    ['first_name', 'text', (u) => u.firstName],
    ['last_name', 'text', (u) => u.lastName],
    ['phone_number', 'text', (u) => u.phoneNumber],
    ['organization_id', 'uuid', (u) => u.organizationId],
    ['created_at', 'timestamptz', (u) => u.createdAt],
    ['updated_at', 'timestamptz', (u) => u.createdAt],
  ]);
  // The balance is the ledger's sum (one grant per organisation), as everywhere else.
  const funded = organizations.filter((o) => o.creditBalance > 0);
  await insertColumns(client, 'credit_ledger', funded, [
    ['organization_id', 'uuid', (o) => o.id],
    ['kind', 'text', () => 'ADMIN_GRANT'],
    ['amount', 'integer', (o) => o.creditBalance],
    ['balance_after', 'integer', (o) => o.creditBalance],
    ['reference', 'text', (o) => `seed-scale:${o.id}`],
    ['created_at', 'timestamptz', (o) => o.createdAt],
  ]);
}

export async function insertListings(client: pg.PoolClient, listings: readonly ScaleListing[]) {
  await insertColumns(client, 'inquiries', listings, [
    ['id', 'uuid', (l) => l.id],
    ['organization_id', 'uuid', (l) => l.organizationId],
    ['user_id', 'uuid', (l) => l.userId],
    ['type', 'text', (l) => l.type],
    ['status', 'text', (l) => l.status],
    ['project_name', 'text', (l) => l.projectName],
    ['project_owner_first_name', 'text', (l) => l.projectOwnerFirstName],
    ['project_owner_last_name', 'text', (l) => l.projectOwnerLastName],
    ['project_owner_street', 'text', (l) => l.projectOwnerStreet],
    ['project_owner_postcode', 'text', (l) => l.projectOwnerPostcode],
    ['project_owner_city', 'text', (l) => l.projectOwnerCity],
    ['project_owner_siret', 'text', (l) => l.projectOwnerSiret],
    ['site_address', 'text', (l) => l.siteAddress],
    ['site_latitude', 'float8', (l) => l.siteLatitude],
    ['site_longitude', 'float8', (l) => l.siteLongitude],
    ['parcel_numbers', 'jsonb', (l) => JSON.stringify(l.parcelNumbers)],
    ['quantity', 'float8', (l) => l.quantity],
    ['materials', 'jsonb', (l) => JSON.stringify(l.materials)],
    ['ground_type_unknown', 'boolean', (l) => l.groundTypeUnknown],
    ['receiving_use', 'text', (l) => l.receivingUse],
    ['accepted_quality_classes', 'jsonb', (l) => JSON.stringify(l.acceptedQualityClasses)],
    ['accepted_waste_codes', 'jsonb', (l) => JSON.stringify(l.acceptedWasteCodes)],
    ['soil_study_delegation', 'boolean', (l) => l.soilStudyDelegation],
    ['accept_certification', 'boolean', (l) => l.acceptCertification],
    ['start_date', 'date', (l) => l.startDate],
    ['end_date', 'date', (l) => l.endDate],
    ['cost', 'integer', (l) => l.cost],
    ['rejection_reason', 'text', (l) => l.rejectionReason],
    ['submitted_at', 'timestamptz', (l) => l.submittedAt],
    ['validated_at', 'timestamptz', (l) => l.validatedAt],
    ['deleted_at', 'timestamptz', (l) => l.deletedAt],
    ['created_at', 'timestamptz', (l) => l.createdAt],
    ['updated_at', 'timestamptz', (l) => l.updatedAt],
  ]);
}

