// Matching at scale (issue 11, README "Matching"): the SQL prefilter that finds a listing's
// possible counterparts, and the domain's ranking on them. The prefilter keeps what an index
// can decide (the other type, a matchable status, inside the radius's latitude/longitude box, a
// common day of availability, some material line); the domain decides the rest (exact distance,
// quality, materials, volumes) and ranks. The partial B-tree indexes of migration 0016
// (`inquiries_match_cut_idx`, `inquiries_match_fill_idx`, on (latitude, longitude, start, end))
// serve the prefilter: its WHERE repeats their predicate word for word, so the planner may use
// them, and states the box and the period with plain comparisons of numbers and dates, which are
// leakproof: under row-level security PostgreSQL keeps only leakproof conditions in an index
// scan (README "Matching at scale").
//
// An archived organisation's listings leave matching at once (issue 20): the prefilter keeps only
// listings whose organisation is not archived (an anti-join on `organizations`, read at every
// search, never cached), and a listing of an archived organisation has no counterparts; clearing
// `archived_at` brings them back with the next search.
import {
  acceptanceFromFields,
  advertiserSearchWindow,
  boundingBox,
  isValidLatLon,
  MATCHABLE_STATUSES,
  rankAndCount,
  rankForAdvertiser,
  type AdvertiserMatchView,
  type MatchingConfig,
  type MatchListing,
  type MatchResult,
} from '@terres/domain';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { inquiries, organizations, type StoredMaterial } from '../db/schema.js';
import { toMaterial, type InquiryRow } from './inquiries.js';

/** A candidate as the prefilter reads it: what ranking needs (identity is read for the kept ones only). */
export interface CandidateRow {
  id: string;
  type: string;
  siteLatitude: number;
  siteLongitude: number;
  startDate: string;
  endDate: string;
  materials: StoredMaterial[];
  receivingUse: string | null;
  acceptedQualityClasses: string[];
  acceptedWasteCodes: string[];
}

/** What an admin is shown of a ranked site. */
export interface CandidateIdentity {
  id: string;
  type: string;
  status: string;
  organizationId: string;
  organizationName: string;
  projectName: string;
  siteAddress: string | null;
  siteLatitude: number | null;
  siteLongitude: number | null;
}

/** The listing (or candidate) as the domain's matching reads it. */
export function toMatchListing(row: Pick<InquiryRow, 'id' | 'type' | 'siteLatitude' | 'siteLongitude' | 'startDate' | 'endDate' | 'materials' | 'receivingUse' | 'acceptedQualityClasses' | 'acceptedWasteCodes'>): MatchListing {
  return {
    id: row.id,
    type: row.type,
    siteLatitude: row.siteLatitude,
    siteLongitude: row.siteLongitude,
    startDate: row.startDate,
    endDate: row.endDate,
    materials: row.materials.map(toMaterial),
    acceptance: row.type === 'FILL' ? acceptanceFromFields(row) : null,
  };
}

const STATUS_LIST = sql.raw(MATCHABLE_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The prefilter's SQL for `listing` (`matchCandidates`), or null when the listing cannot match
 * (no location, no valid period, no lines, not CUT or FILL). Every condition is a comparison of
 * text, numbers or dates (leakproof), so that under row-level security the radius box and the
 * period stay inside the index scan (migration 0016).
 */
export function candidatesQuery(listing: MatchListing, config: Pick<MatchingConfig, 'radiusKm'>): SQL | null {
  const point = { latitude: listing.siteLatitude, longitude: listing.siteLongitude };
  if (!isValidLatLon(point) || !listing.startDate || !listing.endDate || listing.startDate > listing.endDate) return null;
  if ((listing.materials ?? []).length === 0) return null;
  const other = listing.type === 'CUT' ? 'FILL' : listing.type === 'FILL' ? 'CUT' : null;
  if (!other) return null;
  const box = boundingBox(point, config.radiusKm);
  // A box across the 180° meridian (never in France) is two longitude ranges.
  const inLongitudes =
    box.minLongitude <= box.maxLongitude
      ? sql`site_longitude >= ${box.minLongitude}::float8 and site_longitude <= ${box.maxLongitude}::float8`
      : sql`(site_longitude >= ${box.minLongitude}::float8 or site_longitude <= ${box.maxLongitude}::float8)`;
  return sql`
    select id, type, site_latitude, site_longitude,
           start_date::text as start_date, end_date::text as end_date, materials, receiving_use, accepted_quality_classes, accepted_waste_codes
    from inquiries
    where type = ${other} and deleted_at is null and status in (${STATUS_LIST})
      and site_latitude is not null and site_longitude is not null and start_date <= end_date and jsonb_array_length(materials) > 0
      and site_latitude >= ${box.minLatitude}::float8 and site_latitude <= ${box.maxLatitude}::float8 and ${inLongitudes}
      and start_date <= ${listing.endDate}::date and end_date >= ${listing.startDate}::date
      and id <> ${listing.id}
      and not exists (select 1 from organizations o where o.id = inquiries.organization_id and o.archived_at is not null)`;
}

/**
 * The listings of the other type that may match `listing`: matchable, located within the
 * radius's box, sharing a day of availability, with material lines. Empty when the listing
 * itself cannot match (no location, no valid period, no lines).
 */
export async function matchCandidates(db: DbOrTx, listing: MatchListing, config: Pick<MatchingConfig, 'radiusKm'>): Promise<CandidateRow[]> {
  const query = candidatesQuery(listing, config);
  if (!query) return [];
  // Only what ranking reads: the identity of the best ones is read afterwards (`identities`).
  const result = await db.execute<{
    id: string;
    type: string;
    site_latitude: number;
    site_longitude: number;
    start_date: string;
    end_date: string;
    materials: StoredMaterial[];
    receiving_use: string | null;
    accepted_quality_classes: string[];
    accepted_waste_codes: string[];
  }>(query);
  return result.rows.map((row) => ({
    id: row.id,
    type: row.type,
    siteLatitude: Number(row.site_latitude),
    siteLongitude: Number(row.site_longitude),
    startDate: row.start_date,
    endDate: row.end_date,
    materials: typeof row.materials === 'string' ? (JSON.parse(row.materials) as StoredMaterial[]) : row.materials,
    receivingUse: row.receiving_use,
    acceptedQualityClasses: parseList(row.accepted_quality_classes),
    acceptedWasteCodes: parseList(row.accepted_waste_codes),
  }));
}

function parseList(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  if (typeof value === 'string') return JSON.parse(value) as string[];
  return [];
}

export interface RankedCandidate {
  match: MatchResult;
  candidate: CandidateIdentity;
}

/** The identity of some listings, by id (the ranked ones: a handful). */
async function identities(db: DbOrTx, ids: readonly string[]): Promise<Map<string, CandidateIdentity>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: inquiries.id,
      type: inquiries.type,
      status: inquiries.status,
      organizationId: inquiries.organizationId,
      organizationName: inquiries.organizationName,
      projectName: inquiries.projectName,
      siteAddress: inquiries.siteAddress,
      siteLatitude: inquiries.siteLatitude,
      siteLongitude: inquiries.siteLongitude,
    })
    .from(inquiries)
    .where(inArray(inquiries.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface MatchSearch {
  /** Every compatible counterpart. */
  total: number;
  /** The best `limit`, best first. */
  ranked: RankedCandidate[];
}

/**
 * The compatible counterparts of a listing, ranked by the domain (`rankMatches`): how many there
 * are, and the best `limit` with their figures.
 */
export async function findMatches(
  db: DbOrTx,
  row: Parameters<typeof toMatchListing>[0] & { organizationId: string },
  config: MatchingConfig,
  limit: number,
): Promise<MatchSearch> {
  if (await isOrganizationArchived(db, row.organizationId)) return { total: 0, ranked: [] };
  const listing = toMatchListing(row);
  const candidates = await matchCandidates(db, listing, config);
  if (candidates.length === 0) return { total: 0, ranked: [] };
  const { total, matches } = rankAndCount(listing, candidates.map(toMatchListing), { config, limit });
  const other = (match: MatchResult) => (row.type === 'CUT' ? match.fillId : match.cutId);
  const found = await identities(db, matches.map(other));
  return {
    total,
    ranked: matches.flatMap((match) => {
      const candidate = found.get(other(match));
      return candidate ? [{ match, candidate }] : [];
    }),
  };
}

export interface AdvertiserSearch {
  /** Every compatible counterpart by the coarse rules. */
  total: number;
  /** The best `limit`, best first, with the counterpart's identity (for the alerts; never answered). */
  ranked: { view: AdvertiserMatchView; candidate: CandidateIdentity }[];
}

/**
 * What the listing's own organisation may see (domain `rankForAdvertiser`, issue 20): the
 * prefilter around the listing's coarse point and month-widened period (radius plus the cell
 * margin, `advertiserSearchWindow`), then the ranking of the coarsened pair. Symmetric: the
 * view of (listing, candidate) is also what the candidate's organisation would be shown of it.
 */
export async function findAdvertiserMatches(
  db: DbOrTx,
  row: Parameters<typeof toMatchListing>[0] & { organizationId: string },
  config: MatchingConfig,
  limit: number,
): Promise<AdvertiserSearch> {
  if (await isOrganizationArchived(db, row.organizationId)) return { total: 0, ranked: [] };
  const listing = toMatchListing(row);
  const window = advertiserSearchWindow(listing, config);
  const candidates = await matchCandidates(db, window.listing, { radiusKm: window.radiusKm });
  if (candidates.length === 0) return { total: 0, ranked: [] };
  const { total, items } = rankForAdvertiser(listing, candidates.map(toMatchListing), { config, limit });
  const other = (item: (typeof items)[number]) => (row.type === 'CUT' ? item.fillId : item.cutId);
  const found = await identities(db, items.map(other));
  return {
    total,
    ranked: items.flatMap((item) => {
      const candidate = found.get(other(item));
      return candidate ? [{ view: item.view, candidate }] : [];
    }),
  };
}

/** Whether the organisation is archived (its listings are out of matching; see the header). */
export async function isOrganizationArchived(db: DbOrTx, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNotNull(organizations.archivedAt)));
  return row !== undefined;
}
