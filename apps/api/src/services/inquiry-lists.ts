// The listing lists at scale (issue 10, README "Lists at scale"): the table's page with its
// count, and the map's pins. Who sees what: admins every organisation's listings, but drafts
// only when the status filter asks for them (CONTRACT §11); owners and employees their
// organisation's listings, drafts included.
import { INQUIRY_STATUSES, type InquiryStatus, type InquiryType } from '@terres/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import { inquiries } from '../db/schema.js';
import { SEARCH_COUNT_CAP, type Bbox, type ListCount, type Paging, type Sort } from '../http/list-query.js';
import { inquiryColumns, type InquiryRow, type Viewer } from './inquiries.js';
import { searchCondition } from './search.js';

export const INQUIRY_SORT_KEYS = ['created_at', 'updated_at', 'start_date'] as const;
export type InquirySortKey = (typeof INQUIRY_SORT_KEYS)[number];
export const DEFAULT_INQUIRY_SORT: Sort<InquirySortKey> = { key: 'created_at', descending: true };

const SORT_COLUMNS = {
  created_at: inquiries.createdAt,
  updated_at: inquiries.updatedAt,
  start_date: inquiries.startDate,
} as const;

/** Every status but DRAFT, as a list: an index condition, where `<> 'DRAFT'` would be a filter. */
const PUBLISHED_STATUSES = INQUIRY_STATUSES.filter((status) => status !== 'DRAFT');

export interface InquiryFilter {
  /** The quick search's words (parseSearch); null: no search. */
  words?: readonly string[] | null;
  statuses?: readonly InquiryStatus[] | undefined;
  type?: InquiryType | undefined;
  /** One organisation's listings (the admin's organisation detail). */
  organizationId?: string | undefined;
}

export interface InquiryListQuery extends InquiryFilter {
  sort: Sort<InquirySortKey>;
  /** Always a page (issue 20: no list answers every row). */
  paging: Paging;
}

/**
 * A list's condition and how to run it. Without a search, every value is a placeholder and the
 * queries are prepared statements named by the condition's shape (`statement`: which conditions
 * are present, never their values): built once, planned once per connection (issue 13). A
 * search is built and planned each time: its best plan depends on its words.
 */
interface ListWhere {
  where: SQL | undefined;
  statement: ListStatement | undefined;
}

/** A prepared list's name prefix (the condition's shape) and its placeholders' values. */
export interface ListStatement {
  name: string;
  values: Record<string, unknown>;
}

/** Who sees what (see the top of this file) and the filter, as one condition; null when the viewer may see nothing. */
function listWhere(viewer: Viewer, filter: InquiryFilter): ListWhere | null {
  const own = viewer.role === 'ADMIN' ? null : viewer.organizationId;
  if (viewer.role !== 'ADMIN' && !own) return null;
  const prepare = !filter.words;
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  /** The value as a placeholder (prepared) or inline (a search); `part` names it in the shape. */
  const bind = <T extends string | readonly string[]>(part: string, name: string, value: T): T | Placeholder => {
    shape.push(part);
    if (!prepare) return value;
    values[name] = value;
    return sql.placeholder(name);
  };
  /** `column = any(array)`: one parameter, whatever the array's length. */
  const anyOf = (part: string, name: string, column: AnyPgColumn, array: readonly string[]) =>
    sql`${column} = any(${prepare ? bind(part, name, array) : sql.param(bind(part, name, array))})`;

  const where = and(
    own
      ? eq(inquiries.organizationId, bind('m', 'viewerOrganizationId', own))
      : anyOf('a', 'statuses', inquiries.status, filter.statuses ?? PUBLISHED_STATUSES),
    own && filter.statuses ? anyOf('s', 'statuses', inquiries.status, filter.statuses) : undefined,
    isNull(inquiries.deletedAt),
    filter.type ? eq(inquiries.type, bind('t', 'type', filter.type)) : undefined,
    filter.organizationId ? eq(inquiries.organizationId, bind('o', 'organizationId', filter.organizationId)) : undefined,
    filter.words ? searchCondition(inquiries.searchText, filter.words) : undefined,
  );
  return { where, statement: prepare ? { name: `inquiry_list_${shape.join('')}`, values } : undefined };
}

/**
 * One page of the listings the viewer may see, in the asked
 * order (ties broken by id, so pages never overlap), and their count. The page's ids come from
 * an index-only scan of the order's index; only those rows are read. A search counts up to
 * SEARCH_COUNT_CAP matches (`capped` beyond), anything else exactly from the (status, type) index.
 */
export async function listInquiries(
  db: DbOrTx,
  viewer: Viewer,
  query: InquiryListQuery,
): Promise<{ rows: InquiryRow[]; count: ListCount }> {
  const { ids, count, order } = await listInquiryIds(db, viewer, query);
  return { rows: await inquiryRowsByIds(db, ids, order), count };
}

/** The ids of `listInquiries`' page, its count, and its order's name (for `inquiryRowsByIds`). */
export async function listInquiryIds(
  db: DbOrTx,
  viewer: Viewer,
  query: InquiryListQuery,
): Promise<{ ids: string[]; count: ListCount; order: string }> {
  const order = `${query.sort.key}_${query.sort.descending ? 'desc' : 'asc'}`;
  const list = listWhere(viewer, query);
  if (!list) return { ids: [], count: { total: 0, capped: false }, order };
  const { where, statement } = list;
  const sort = { column: SORT_COLUMNS[query.sort.key], descending: query.sort.descending };
  // An advertiser's page and count run one after the other, on one connection of the pool in
  // their scope (one scope statement per request at most: db/rls.integration.test.ts); an
  // admin's, over every listing, in parallel. A shallow page of a prepared list is one statement.
  const { ids, count } = await pagedInquiryIds(db, where, sort, query.paging, Boolean(query.words), DEEP_PAGE_OFFSET, statement, viewer.role === 'ADMIN');
  return { ids, count, order };
}

/** The rows of these listings, in the list's order (`order` from `listInquiryIds`); a row deleted since is left out. */
export async function inquiryRowsByIds(db: DbOrTx, ids: readonly string[], order: string): Promise<InquiryRow[]> {
  if (ids.length === 0) return [];
  const [key, direction] = [order.slice(0, order.lastIndexOf('_')), order.slice(order.lastIndexOf('_') + 1)] as [InquirySortKey, string];
  const sort = { column: SORT_COLUMNS[key], descending: direction === 'desc' };
  return prepared(db, `inquiry_rows_${order}`, (db, name) =>
    db.select(inquiryColumns).from(inquiries).where(sql`${inquiries.id} = any(${sql.placeholder('ids')})`).orderBy(...inquiryOrder(sort)).prepare(name),
  ).execute({ ids });
}

export interface InquirySort {
  column: AnyPgColumn;
  descending: boolean;
}

/** The order's column, then the id (ties), both in the order's direction. */
export function inquiryOrder(sort: InquirySort): SQL[] {
  const direction = sort.descending ? desc : asc;
  return [direction(sort.column), direction(inquiries.id)];
}

/** From this offset on, a page is counted first and may be read from the end of the order. */
const DEEP_PAGE_OFFSET = 5000;

/**
 * The ids of one page of listings matching `where`, and the count. LIMIT / OFFSET skips index
 * entries, so a deep page costs its offset: past the middle of the list (a count it knows
 * exactly), the page is read from the other end in the reverse order (PostgreSQL's default
 * null placement mirrors too), which halves the worst case ("last page"). Shallow pages and
 * their count run in parallel unless `parallel` is false.
 */
export async function pagedInquiryIds(
  db: DbOrTx,
  where: SQL | undefined,
  sort: InquirySort,
  paging: Paging,
  search: boolean,
  deepPageOffset = DEEP_PAGE_OFFSET,
  statement?: ListStatement,
  parallel = true,
): Promise<{ ids: string[]; count: ListCount }> {
  const idsAt = async (descending: boolean, limit: number, offset: number) => {
    const query = (db: DbOrTx) =>
      db
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(where)
        .orderBy(...inquiryOrder({ column: sort.column, descending }));
    const rows = statement
      ? await prepared(db, `${statement.name}_ids_${sort.column.name}_${descending ? 'desc' : 'asc'}`, (db, name) =>
          query(db).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name),
        ).execute({ ...statement.values, limit, offset })
      : await query(db).limit(limit).offset(offset);
    return rows.map((row) => row.id);
  };
  const countRows = () => countInquiryRows(db, where, search, statement);
  if (paging.offset < deepPageOffset && statement) {
    // The page's ids and the count, one statement (two subqueries, each planned as if alone).
    const pageIds = (db: DbOrTx) =>
      db
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(where)
        .orderBy(...inquiryOrder(sort))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    const [row] = await prepared(db, `${statement.name}_page_${sort.column.name}_${sort.descending ? 'desc' : 'asc'}`, (db, name) =>
      db
        .select({
          total: sql<number>`(${db.select({ total: count() }).from(inquiries).where(where)})`.mapWith(Number),
          ids: sql<string[]>`array(${pageIds(db)})::text[]`,
        })
        .from(sql`(values (1)) as page (one)`)
        .prepare(name),
    ).execute({ ...statement.values, limit: paging.pageSize, offset: paging.offset });
    return { ids: row?.ids ?? [], count: { total: row?.total ?? 0, capped: false } };
  }
  if (paging.offset < deepPageOffset) {
    if (!parallel) return { ids: await idsAt(sort.descending, paging.pageSize, paging.offset), count: await countRows() };
    const [ids, counted] = await Promise.all([idsAt(sort.descending, paging.pageSize, paging.offset), countRows()]);
    return { ids, count: counted };
  }
  const counted = await countRows();
  const remaining = counted.total - paging.offset;
  if (counted.capped || paging.offset <= counted.total / 2) {
    return { ids: await idsAt(sort.descending, paging.pageSize, paging.offset), count: counted };
  }
  if (remaining <= 0) return { ids: [], count: counted };
  const limit = Math.min(paging.pageSize, remaining);
  const ids = await idsAt(!sort.descending, limit, remaining - limit);
  return { ids: ids.reverse(), count: counted };
}

/** The number of listings matching `where`: exact, or for a search up to SEARCH_COUNT_CAP. */
export async function countInquiryRows(db: DbOrTx, where: SQL | undefined, search: boolean, statement?: ListStatement): Promise<ListCount> {
  if (!search) {
    const query = (db: DbOrTx) => db.select({ total: count() }).from(inquiries).where(where);
    const [row] = statement
      ? await prepared(db, `${statement.name}_count`, (db, name) => query(db).prepare(name)).execute(statement.values)
      : await query(db);
    return { total: row?.total ?? 0, capped: false };
  }
  // A frequent word matches most rows: counting them all would cost a pass over the table.
  const matches = db.select({ one: sql`1` }).from(inquiries).where(where).limit(SEARCH_COUNT_CAP + 1).as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  const total = row?.total ?? 0;
  return total > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total, capped: false };
}

export interface PinQuery {
  statuses?: readonly InquiryStatus[] | undefined;
  type?: InquiryType | undefined;
  bbox?: Bbox | undefined;
}

/**
 * The admin map's pins, as the JSON text of the answer (built by PostgreSQL: one value to
 * send, instead of thousands of rows to parse and serialise again): listings with
 * coordinates, inside `bbox` when given (GiST index on the site point), drafts only when asked.
 */
export async function inquiryPinsJson(db: DbOrTx, query: PinQuery): Promise<string> {
  const where = and(
    isNull(inquiries.deletedAt),
    isNotNull(inquiries.siteLatitude),
    isNotNull(inquiries.siteLongitude),
    inArray(inquiries.status, query.statuses ?? PUBLISHED_STATUSES),
    query.type ? eq(inquiries.type, query.type) : undefined,
    query.bbox
      ? sql`point(${inquiries.siteLongitude}, ${inquiries.siteLatitude}) <@ box(point(${query.bbox[0]}::float8, ${query.bbox[1]}::float8), point(${query.bbox[2]}::float8, ${query.bbox[3]}::float8))`
      : undefined,
  );
  const result = await db.execute<{ pins: string }>(sql`
    select coalesce(json_agg(p), '[]')::text as pins from (
      select ${inquiries.id} as "id", ${inquiries.type} as "type", ${inquiries.status} as "status",
        ${inquiries.siteLatitude} as "latitude", ${inquiries.siteLongitude} as "longitude",
        ${inquiries.projectName} as "projectName", ${inquiries.organizationName} as "organizationName"
      from ${inquiries}
      where ${where}
    ) p`);
  return result.rows[0]?.pins ?? '[]';
}

/**
 * A value that changes whenever a pin may have: every listing change sets `updated_at` (a
 * new listing too), a deletion sets `deleted_at`, a rename sets the organisation's
 * `updated_at`. Three index reads, well under a millisecond.
 */
export async function pinsVersion(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    select concat_ws('/',
      (select max(updated_at) from inquiries where deleted_at is null),
      (select max(deleted_at) from inquiries where deleted_at is not null),
      (select max(updated_at) from organizations)) as version`);
  return result.rows[0]?.version ?? '';
}

/**
 * The map's answers by query, each valid for one version of the data and at most `ttlMs`
 * (two changes within one millisecond could share a version). One per app: France's 90 000
 * pins take PostgreSQL most of a second to build, and admins reopen the map often.
 */
export class PinsCache {
  private readonly entries = new Map<string, { version: string; json: string; at: number }>();

  constructor(
    private readonly maxEntries = 8,
    private readonly ttlMs = 60_000,
  ) {}

  async get(key: string, version: string, build: () => Promise<string>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < this.ttlMs) return hit.json;
    const json = await build();
    this.entries.delete(key);
    this.entries.set(key, { version, json, at: Date.now() });
    // Map keeps insertion order: the first key is the least recently built.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return json;
  }
}
