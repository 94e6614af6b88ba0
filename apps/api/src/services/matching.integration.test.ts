// The matching's prefilter decides nothing the domain decides (issue 23): over a few thousand
// random listings packed around one town, plus listings placed on every edge the prefilter has
// (the radius, the box's corners, the latitude bands' limits, the periods' first and last day,
// exact ties), each search through the index answers exactly what the domain's full evaluation
// of every matchable listing answers: the same count, the same best ten with the same figures,
// for admins and for the advertiser's coarse view. A database of its own: thousands of listings
// around Lyon would land in other files' searches.
import {
  boundingBox,
  createMatchingConfig,
  DEFAULT_MATCHING_CONFIG,
  EARTH_RADIUS_KM,
  greatCircleDistanceKm,
  MATCHABLE_STATUSES,
  rankAndCount,
  rankForAdvertiser,
  type MatchListing,
} from '@terres/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom, makeListings, makeOrganizations, type ScaleListing } from '../../scripts/scale-data.js';
import { insertListings, insertOrganizations } from '../../scripts/scale-insert.js';
import { openPostgres } from '../../test/helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.js';
import type { Database } from '../db/index.js';
import { inquiries, organizations } from '../db/schema.js';
import { inquiryColumns, type InquiryRow } from './inquiries.js';
import { findAdvertiserMatches, findMatches, latitudeBands, toMatchListing } from './matching.js';

const LYON = { latitude: 45.764, longitude: 4.8357 };
const DAY = 86_400_000;
const config = DEFAULT_MATCHING_CONFIG;
const random = createRandom(23);

/** `listing` as another listing (a new id), moved to `point` or given other dates. */
function copyOf(listing: ScaleListing, changes: Partial<ScaleListing>): ScaleListing {
  return { ...listing, id: random.uuid(), ...changes };
}

/** The latitude `km` great-circle km north of `from` (south when negative), nudged so that the distance is exactly on the side asked. */
function latitudeAt(from: { latitude: number; longitude: number }, km: number, side: 'within' | 'beyond'): number {
  let latitude = from.latitude + (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const distance = () => greatCircleDistanceKm(from, { latitude, longitude: from.longitude });
  const step = Math.sign(km) * 1e-13;
  for (let i = 0; i < 1000 && (side === 'within' ? distance() > Math.abs(km) : distance() <= Math.abs(km)); i++) latitude += side === 'within' ? -step : step;
  return latitude;
}

describe('the prefilter finds what a full evaluation of every listing finds', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let matchable: InquiryRow[];
  let everyCandidate: MatchListing[];
  let archived: Set<string>;
  const sources: InquiryRow[] = [];
  const edgeSources: string[] = [];

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await openPostgres(testDatabase.url);
    const now = Date.parse('2026-11-27T12:00:00Z');
    const companies = makeOrganizations(random, 40, now);
    const listings = makeListings(random, companies, 3000, now).map((listing) =>
      listing.siteLatitude === null
        ? listing
        : {
            ...listing,
            // Packed around Lyon (±90 km north-south): a search meets hundreds of candidates.
            siteLatitude: Math.round((LYON.latitude + (random.next() - 0.5) * 1.6) * 1e5) / 1e5,
            siteLongitude: Math.round((LYON.longitude + (random.next() - 0.5) * 2.2) * 1e5) / 1e5,
          },
    );
    const isMatchable = (l: ScaleListing) => l.deletedAt === null && (MATCHABLE_STATUSES as readonly string[]).includes(l.status) && l.siteLatitude !== null && l.materials.length > 0;
    const closed = new Set(companies.filter((c) => c.archivedAt !== null).map((c) => c.id));
    const inert = (line: ScaleListing['materials'][number]) => line.qualityClass === 'INERT_NATURAL_BACKGROUND' && line.wasteCode === '17 05 04';
    // Sources whose soil the edge counterparts take: a CUT with inert natural soil, a FILL that accepts it.
    const cuts = listings.filter((l) => isMatchable(l) && !closed.has(l.organizationId) && l.type === 'CUT' && l.materials.some(inert));
    const fills = listings.filter(
      (l) => isMatchable(l) && !closed.has(l.organizationId) && l.type === 'FILL' && l.acceptedQualityClasses.includes('INERT_NATURAL_BACKGROUND') && l.acceptedWasteCodes.includes('17 05 04'),
    );
    const edges: ScaleListing[] = [];
    for (let n = 0; n < 12; n++) {
      const source = (n % 2 === 0 ? cuts : fills)[n]!;
      const centre = { latitude: source.siteLatitude!, longitude: source.siteLongitude! };
      const box = boundingBox(centre, config.radiusKm);
      const bands = latitudeBands(box.minLatitude, box.maxLatitude);
      // A counterpart of the other type that can match: the source's lines as inert natural
      // soil (on a CUT) or as needs (on a FILL, the legacy acceptance: inert natural soil, 17 05 04).
      const like = (n % 2 === 0 ? fills : cuts)[n + 1]!;
      const counterpart: Partial<ScaleListing> = {
        startDate: source.startDate,
        endDate: source.endDate,
        materials: source.materials.map((line) => ({ ...line, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' })),
        ...(like.type === 'FILL' ? { receivingUse: null, acceptedQualityClasses: [], acceptedWasteCodes: [] } : {}),
      };
      const at = (latitude: number, longitude: number, extra: Partial<ScaleListing> = {}) =>
        edges.push(copyOf(like, { ...counterpart, siteLatitude: latitude, siteLongitude: longitude, ...extra }));
      // On the radius, just within and just beyond, north and south.
      at(latitudeAt(centre, config.radiusKm, 'within'), centre.longitude);
      at(latitudeAt(centre, config.radiusKm, 'beyond'), centre.longitude);
      at(latitudeAt(centre, -config.radiusKm, 'within'), centre.longitude);
      at(latitudeAt(centre, -config.radiusKm, 'beyond'), centre.longitude);
      // The box's corners (beyond the radius) and its edges' middles (on it).
      at(box.maxLatitude, box.maxLongitude);
      at(box.minLatitude, box.minLongitude);
      at(centre.latitude, box.maxLongitude);
      at(centre.latitude, box.minLongitude);
      // The latitude bands' limits inside the box: exactly on a band's first latitude, and just below it.
      for (const band of bands.slice(1, 4)) {
        at(band / 10, centre.longitude);
        at(band / 10 - 1e-12, centre.longitude + 0.01);
      }
      // The periods' ends: one common day at each end, and a day short.
      const day = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
      at(centre.latitude + 0.05, centre.longitude, { startDate: day(source.startDate!, -40), endDate: source.startDate });
      at(centre.latitude - 0.05, centre.longitude, { startDate: source.endDate, endDate: day(source.endDate!, 40) });
      at(centre.latitude + 0.06, centre.longitude, { startDate: day(source.startDate!, -40), endDate: day(source.startDate!, -1) });
      // Exact ties: three identical counterparts (same score, distance and volume: the id decides).
      for (let k = 0; k < 3; k++) at(centre.latitude + 0.02, centre.longitude + 0.02);
      edgeSources.push(source.id);
    }
    const pool = new pg.Pool({ connectionString: testDatabase.url, max: 1 });
    const client = await pool.connect();
    try {
      await insertOrganizations(client, companies);
      await insertListings(client, [...listings, ...edges]);
      await client.query('analyze inquiries');
    } finally {
      client.release();
      await pool.end();
    }
    const rows = await database.db.select(inquiryColumns).from(inquiries);
    const archivedRows = await database.db.select({ id: organizations.id, archivedAt: organizations.archivedAt }).from(organizations);
    archived = new Set(archivedRows.filter((o) => o.archivedAt !== null).map((o) => o.id));
    // The reference: every listing of a matchable status, whatever its place or period.
    matchable = rows.filter((row) => row.deletedAt === null && (MATCHABLE_STATUSES as readonly string[]).includes(row.status) && !archived.has(row.organizationId));
    everyCandidate = matchable.map(toMatchListing);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const picked = [...matchable].sort(() => random.next() - 0.5).slice(0, 200);
    sources.push(...edgeSources.map((id) => byId.get(id)!), ...picked);
    // Listings of archived organisations have no counterparts (their own searches answer none).
    sources.push(...rows.filter((row) => archived.has(row.organizationId) && row.status === 'APPROVED').slice(0, 3));
  }, 300_000);

  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  it('sets up edge cases that meet: the radius, the bands, the period ends and the ties count', async () => {
    expect(matchable.length).toBeGreaterThan(1000);
    // Each edge source finds its ties and its within-radius counterparts, not the beyond ones.
    for (const id of edgeSources) {
      const source = matchable.find((row) => row.id === id)!;
      const { total } = rankAndCount(toMatchListing(source), everyCandidate, { config });
      expect(total).toBeGreaterThan(5);
    }
  });

  it('answers the admins the same count and the same best ten, figures included', async () => {
    let compared = 0;
    for (const row of sources) {
      const found = await findMatches(database.db, row, config, 10);
      const expected = archived.has(row.organizationId) ? { total: 0, matches: [] } : rankAndCount(toMatchListing(row), everyCandidate, { config, limit: 10 });
      expect({ id: row.id, total: found.total, matches: found.ranked.map((ranked) => ranked.match) }).toEqual({ id: row.id, ...expected });
      compared += expected.total;
    }
    expect(compared).toBeGreaterThan(3000);
  }, 300_000);

  it('answers the advertisers the same coarse count and views', async () => {
    for (const row of sources.slice(0, 150)) {
      const found = await findAdvertiserMatches(database.db, row, config, 10);
      const expected = archived.has(row.organizationId) ? { total: 0, items: [] } : rankForAdvertiser(toMatchListing(row), everyCandidate, { config, limit: 10 });
      expect({ id: row.id, total: found.total, views: found.ranked.map((ranked) => ranked.view) }).toEqual({ id: row.id, total: expected.total, views: expected.items.map((item) => item.view) });
    }
  }, 300_000);

  it('holds with a small radius too (the bands and the circle follow the configuration)', async () => {
    const small = createMatchingConfig({ radiusKm: 7 });
    for (const row of sources.slice(0, 100)) {
      const found = await findMatches(database.db, row, small, 10);
      const expected = archived.has(row.organizationId) ? { total: 0, matches: [] } : rankAndCount(toMatchListing(row), everyCandidate, { config: small, limit: 10 });
      expect({ id: row.id, total: found.total, matches: found.ranked.map((ranked) => ranked.match) }).toEqual({ id: row.id, ...expected });
    }
  }, 300_000);
});
