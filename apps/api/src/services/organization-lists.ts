// The admins' organisation table (issue 10): quick search over name, e-mail, SIRET and
// representative (accents and case ignored), archived ones on request, sorted and paged.
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { organizations } from '../db/schema.js';
import type { ListCount, Paging, Sort } from '../http/list-query.js';
import type { OrganizationRow } from './organizations.js';
import { searchCondition } from './search.js';

export const ORGANIZATION_SORT_KEYS = ['name', 'created_at'] as const;
export type OrganizationSortKey = (typeof ORGANIZATION_SORT_KEYS)[number];
export const DEFAULT_ORGANIZATION_SORT: Sort<OrganizationSortKey> = { key: 'name', descending: false };

/** By name as people read it: folded (accents, case), then as written; the index's order. */
const SORT_ORDERS = {
  name: [organizations.nameKey, organizations.name],
  created_at: [organizations.createdAt],
} as const;

export interface OrganizationListQuery {
  words?: readonly string[] | null;
  withArchived: boolean;
  /** Only the verified ones (true) or those to verify (false); undefined: both. */
  verified?: boolean | undefined;
  sort: Sort<OrganizationSortKey>;
  paging: Paging;
}

/** One page of the organisations, and their exact count (thousands of rows at most).
 * The page and the count are read at once on two pooled connections: a `Db`, never a
 * transaction's handle (one connection runs one statement at a time).
 */
export async function listOrganizations(
  db: Db,
  query: OrganizationListQuery,
): Promise<{ rows: OrganizationRow[]; count: ListCount }> {
  const where = and(
    query.withArchived ? undefined : isNull(organizations.archivedAt),
    query.verified === undefined ? undefined : eq(organizations.verified, query.verified),
    query.words ? searchCondition(organizations.searchText, query.words) : undefined,
  );
  const direction = query.sort.descending ? desc : asc;
  const select = db
    .select()
    .from(organizations)
    .where(where)
    .orderBy(...SORT_ORDERS[query.sort.key].map((column) => direction(column)), direction(organizations.id));
  const [rows, [counted]] = await Promise.all([
    select.limit(query.paging.pageSize).offset(query.paging.offset),
    db.select({ total: count() }).from(organizations).where(where),
  ]);
  return { rows, count: { total: counted?.total ?? 0, capped: false } };
}
