// The lists' SQL on the embedded PGlite (`pnpm start` without DATABASE_URL): the folding
// function, the trigram index from PGlite's contrib bundle, the organisation-name triggers,
// the search, the count and the pins, as on PostgreSQL (the integration tests cover that one).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers/app.js';
import { createDatabase, type Database } from '../db/index.js';
import { systemScope } from '../db/scope.js';
import { inquiries, organizations, users } from '../db/schema.js';
import { parseSearch } from '../http/list-query.js';
import { and, isNull } from 'drizzle-orm';
import type { Viewer } from './inquiries.js';
import { DEFAULT_INQUIRY_SORT, inquiryPinsJson, listInquiries, pagedInquiryIds } from './inquiry-lists.js';

let database: Database;
const admin = { userId: '00000000-0000-4000-8000-000000000001', role: 'ADMIN' as const, organizationId: null };

beforeAll(async () => {
  database = await createDatabase(testConfig(), { pgliteDataDir: 'memory://', unscoped: systemScope('tests') });
  await database.migrate();
  const [organization] = await database.db
    .insert(organizations)
    .values({ name: 'Carrières de l’Évêché', registrationNumber: '73282932000074', legalForm: 'SAS', street: '1 rue Haute', postcode: '42000', city: 'Saint-Étienne' })
    .returning();
  const [owner] = await database.db.insert(users).values({ email: 'pglite@exemple-chantier.fr', role: 'OWNER', organizationId: organization!.id }).returning();
  const base = { organizationId: organization!.id, userId: owner!.id, type: 'CUT' };
  await database.db.insert(inquiries).values([
    { ...base, status: 'APPROVED', projectName: 'Réhabilitation de la friche Sainte-Hélène', siteAddress: '4 rue du Château 42000 Saint-Étienne', siteLatitude: 45.44, siteLongitude: 4.39 },
    { ...base, status: 'PENDING_VALIDATION', projectName: 'Lotissement Les Érables', projectOwnerLastName: 'Lefèvre', siteLatitude: 48.39, siteLongitude: -4.49 },
    { ...base, status: 'DRAFT', projectName: 'Brouillon Œuvre', siteLatitude: 45.45, siteLongitude: 4.4 },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe('lists on PGlite', () => {
  it('folds accents, case, ligatures and punctuation as the migration says', async () => {
    const { rows } = await database.db.execute<{ folded: string }>(sql`select terres_fold(${'Saint-Étienne, L’HAŸ Œuvre ÇA e\u0301cole@exemple.fr'}) as folded`);
    expect(rows[0]?.folded).toBe('saint etienne  l hay oeuvre ca ecole exemple fr');
  });

  it('loads pg_trgm from PGlite’s contrib bundle and builds the trigram index', async () => {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_indexes where indexname = 'inquiries_search_trgm_idx'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('searches, counts and hides drafts from admins', async () => {
    const search = (q: string, statuses?: ('DRAFT' | 'APPROVED')[]) =>
      listInquiries(database.db, admin, { words: parseSearch(q), statuses, sort: DEFAULT_INQUIRY_SORT, paging: { page: 1, pageSize: 5, offset: 0 } });
    const helene = await search('HELENE saint etienne');
    expect(helene.rows.map((r) => r.projectName)).toEqual(['Réhabilitation de la friche Sainte-Hélène']);
    expect(helene.count).toEqual({ total: 1, capped: false });
    expect((await search('eveche')).count.total).toBe(2); // the organisation's name, drafts hidden
    expect((await search('lefevre')).rows[0]?.organizationName).toBe('Carrières de l’Évêché');
    expect((await search('oeuvre')).rows).toEqual([]);
    expect((await search('oeuvre', ['DRAFT'])).rows.map((r) => r.status)).toEqual(['DRAFT']);
  });

  it('lists without a search through prepared statements: each call binds its own values', async () => {
    const [organization] = await database.db.select().from(organizations);
    const [owner] = await database.db.select().from(users);
    const member = { userId: owner!.id, role: 'OWNER' as const, organizationId: organization!.id };
    const list = (viewer: Viewer, statuses?: ('DRAFT' | 'APPROVED')[], page = 1, organizationId?: string) =>
      listInquiries(database.db, viewer, { statuses, organizationId, sort: DEFAULT_INQUIRY_SORT, paging: { page, pageSize: 2, offset: (page - 1) * 2 } });
    const statusesOf = (result: Awaited<ReturnType<typeof list>>) => result.rows.map((row) => row.status).sort();
    expect(statusesOf(await list(admin))).toEqual(['APPROVED', 'PENDING_VALIDATION']);
    expect((await list(admin)).count).toEqual({ total: 2, capped: false });
    expect(statusesOf(await list(admin, ['DRAFT']))).toEqual(['DRAFT']);
    expect((await list(admin, ['APPROVED'])).count.total).toBe(1);
    // A member: every status of the own organisation, drafts included, paged.
    expect((await list(member)).count).toEqual({ total: 3, capped: false });
    expect((await list(member)).rows).toHaveLength(2);
    expect((await list(member, undefined, 2)).rows).toHaveLength(1);
    expect(statusesOf(await list(member, ['DRAFT']))).toEqual(['DRAFT']);
    // Another organisation's id, or none at all: nothing (the same statements, other values).
    const elsewhere = { ...member, organizationId: '00000000-0000-4000-8000-000000000002' };
    expect((await list(elsewhere)).count.total).toBe(0);
    expect((await list(admin, undefined, 1, elsewhere.organizationId)).rows).toEqual([]);
    expect((await list(admin, undefined, 1, organization!.id)).count.total).toBe(2);
    expect((await list({ ...member, organizationId: null })).rows).toEqual([]);
    // A page as large as allowed holds them all.
    const all = await listInquiries(database.db, member, { sort: DEFAULT_INQUIRY_SORT, paging: { page: 1, pageSize: 100, offset: 0 } });
    expect(all.rows.map((row) => row.projectName)).toHaveLength(3);
  });

  it('answers pins as JSON text and follows a rename of the organisation', async () => {
    await database.db.update(organizations).set({ name: 'Granulats du Forez' });
    const pins = JSON.parse(await inquiryPinsJson(database.db, { bbox: [4, 45, 5, 46] })) as { projectName: string; organizationName: string }[];
    expect(pins).toEqual([expect.objectContaining({ projectName: 'Réhabilitation de la friche Sainte-Hélène', organizationName: 'Granulats du Forez' })]);
    const [row] = await database.db.select({ name: inquiries.organizationName }).from(inquiries).where(eq(inquiries.status, 'DRAFT'));
    expect(row?.name).toBe('Granulats du Forez');
  });

  it('reads deep pages from the other end with the same rows as the plain offset, in every order', async () => {
    const [organization] = await database.db.select().from(organizations);
    const [owner] = await database.db.select().from(users);
    // 23 more listings, some sharing a creation time and some without a start date (ties, nulls).
    await database.db.insert(inquiries).values(
      Array.from({ length: 23 }, (_, i) => ({
        organizationId: organization!.id,
        userId: owner!.id,
        type: 'FILL',
        status: 'APPROVED',
        projectName: `Parc ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 7))),
        startDate: i % 4 === 0 ? null : `2027-0${1 + (i % 9)}-15`,
      })),
    );
    const where = and(isNull(inquiries.deletedAt));
    for (const sort of [
      { column: inquiries.createdAt, descending: true },
      { column: inquiries.createdAt, descending: false },
      { column: inquiries.startDate, descending: true },
      { column: inquiries.startDate, descending: false },
    ]) {
      for (const pageSize of [4, 5, 7]) {
        for (let page = 1; page <= 8; page += 1) {
          const paging = { page, pageSize, offset: (page - 1) * pageSize };
          const plain = await pagedInquiryIds(database.db, where, sort, paging, false, Number.MAX_SAFE_INTEGER);
          const fromEnd = await pagedInquiryIds(database.db, where, sort, paging, false, 0);
          expect(fromEnd, `${sort.descending ? '-' : ''}${sort.column.name} page ${page} of ${pageSize}`).toEqual(plain);
        }
      }
    }
  });
});
