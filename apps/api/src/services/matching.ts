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
  haversineReach,
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
import { prepared } from '../db/prepared.js';
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

/** Latitude bands per degree of `inquiries.match_band` (migration 0029: ⌊latitude × 10⌋). */
const BANDS_PER_DEGREE = 10;

/**
 * The `match_band` values of every latitude in [min, max]: ⌊latitude × 10⌋ as PostgreSQL
 * computes it (the same IEEE product, and flooring is monotonic), from the lowest to the highest.
 */
export function latitudeBands(minLatitude: number, maxLatitude: number): number[] {
  const first = Math.floor(minLatitude * BANDS_PER_DEGREE);
  const last = Math.floor(maxLatitude * BANDS_PER_DEGREE);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

/** One search's prefilter values (`candidatesQuery`, `matchCandidates`). */
interface Prefilter {
  /** The type of the candidates: the other one. */
  other: 'CUT' | 'FILL';
  /** The box crosses the 180° meridian (never in France): its longitudes are two ranges. */
  wraps: boolean;
  values: {
    bands: number[];
    minLatitude: number;
    maxLatitude: number;
    minLongitude: number;
    maxLongitude: number;
    latitude: number;
    longitude: number;
    reach: number;
    startDate: string;
    endDate: string;
    id: string;
  };
}

/**
 * The prefilter's margin over the radius: the box (computed in radians, then degrees) and the SQL's
 * haversine term (PostgreSQL's trigonometry) may differ from the domain's distance in the last
 * bits; 10 m more keeps every site the domain finds within the radius (it decides the exact distance).
 */
const MARGIN_KM = 0.01;

function prefilterOf(listing: MatchListing, config: Pick<MatchingConfig, 'radiusKm'>): Prefilter | null {
  const point = { latitude: listing.siteLatitude, longitude: listing.siteLongitude };
  if (!isValidLatLon(point) || !listing.startDate || !listing.endDate || listing.startDate > listing.endDate) return null;
  if ((listing.materials ?? []).length === 0) return null;
  const other = listing.type === 'CUT' ? 'FILL' : listing.type === 'FILL' ? 'CUT' : null;
  if (!other) return null;
  // The radius plus a margin for the box as for the circle: a site the domain finds on the
  // radius itself may lie a last bit outside a box computed to the radius exactly.
  const reachKm = config.radiusKm + MARGIN_KM;
  const box = boundingBox(point, reachKm);
  return {
    other,
    wraps: box.minLongitude > box.maxLongitude,
    values: {
      bands: latitudeBands(box.minLatitude, box.maxLatitude),
      minLatitude: box.minLatitude,
      maxLatitude: box.maxLatitude,
      minLongitude: box.minLongitude,
      maxLongitude: box.maxLongitude,
      latitude: point.latitude,
      longitude: point.longitude,
      reach: haversineReach(reachKm),
      startDate: listing.startDate,
      endDate: listing.endDate,
      id: listing.id,
    },
  };
}


/**
 * The prefilter for the candidates of type `other`, its values given by `value` (placeholders for
 * the prepared statement, the search's own for `candidatesQuery`): one SQL text per type and
 * shape. The type is a literal and the WHERE repeats the partial indexes' predicate word for word,
 * so the planner may use them in a generic plan too; the bands, the box and the period are
 * comparisons of numbers and dates (leakproof), so under row-level security they stay in the
 * index scan (migrations 0016, 0029). The circle (the haversine term against the radius's, with a
 * margin) is checked on the candidates' rows: it drops the box's corners (a fifth of the box)
 * before they are sent; the domain still checks the exact distance. Only what ranking reads is
 * selected (the identity of the best ones is read afterwards, `identities`).
 */
function prefilterQuery(db: DbOrTx, other: Prefilter['other'], wraps: boolean, value: (name: keyof Prefilter['values']) => unknown) {
  const inLongitudes = wraps
    ? sql`(site_longitude >= ${value('minLongitude')}::float8 or site_longitude <= ${value('maxLongitude')}::float8)`
    : sql`site_longitude >= ${value('minLongitude')}::float8 and site_longitude <= ${value('maxLongitude')}::float8`;
  return db
    .select({
      id: inquiries.id,
      siteLatitude: inquiries.siteLatitude,
      siteLongitude: inquiries.siteLongitude,
      startDate: inquiries.startDate,
      endDate: inquiries.endDate,
      materials: inquiries.materials,
      receivingUse: inquiries.receivingUse,
      acceptedQualityClasses: inquiries.acceptedQualityClasses,
      acceptedWasteCodes: inquiries.acceptedWasteCodes,
    })
    .from(inquiries)
    .where(
      sql`type = ${sql.raw(`'${other}'`)} and deleted_at is null and status in (${STATUS_LIST})
      and site_latitude is not null and site_longitude is not null and start_date <= end_date and jsonb_array_length(materials) > 0
      and match_band = any(${value('bands')}::smallint[])
      and ${inLongitudes} and site_latitude >= ${value('minLatitude')}::float8 and site_latitude <= ${value('maxLatitude')}::float8
      and start_date <= ${value('endDate')}::date and end_date >= ${value('startDate')}::date
      and id <> ${value('id')}::uuid
      and sin(radians(site_latitude - ${value('latitude')}::float8) / 2) ^ 2
        + cos(radians(${value('latitude')}::float8)) * cos(radians(site_latitude)) * sin(radians(site_longitude - ${value('longitude')}::float8) / 2) ^ 2
        <= ${value('reach')}::float8
      and not exists (select 1 from organizations o where o.id = inquiries.organization_id and o.archived_at is not null)`,
    );
}

/**
 * The prefilter's SQL for `listing` (`matchCandidates` runs the same text, prepared), or null when
 * the listing cannot match (no location, no valid period, no lines, not CUT or FILL).
 */
export function candidatesQuery(db: DbOrTx, listing: MatchListing, config: Pick<MatchingConfig, 'radiusKm'>): SQL | null {
  const prefilter = prefilterOf(listing, config);
  return prefilter && prefilterQuery(db, prefilter.other, prefilter.wraps, (name) => sql.param(prefilter.values[name])).getSQL();
}

/**
 * The listings of the other type that may match `listing`: matchable, located within the
 * radius (a circle with a margin, inside the box of its latitude bands), sharing a day of
 * availability, with material lines. Empty when the listing itself cannot match (no location,
 * no valid period, no lines). A statement prepared once per connection and type: no planning
 * per search.
 */
export async function matchCandidates(db: DbOrTx, listing: MatchListing, config: Pick<MatchingConfig, 'radiusKm'>): Promise<CandidateRow[]> {
  const prefilter = prefilterOf(listing, config);
  if (!prefilter) return [];
  const { other, wraps } = prefilter;
  const statement = prepared(db, `match_candidates_${other}${wraps ? '_wrap' : ''}`, (db, name) => prefilterQuery(db, other, wraps, (key) => sql.placeholder(key)).prepare(name));
  const rows = await statement.execute(prefilter.values);
  return rows.map((row) => ({
    id: row.id,
    type: other,
    siteLatitude: row.siteLatitude as number,
    siteLongitude: row.siteLongitude as number,
    startDate: row.startDate as string,
    endDate: row.endDate as string,
    materials: row.materials,
    receivingUse: row.receivingUse,
    acceptedQualityClasses: parseList(row.acceptedQualityClasses),
    acceptedWasteCodes: parseList(row.acceptedWasteCodes),
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
