// `pnpm --filter @terres/api bench:matching [-- --sizes 10000,100000,1000000 --queries 200 --full-scan 8 --keep --reuse]`
// The matching's speed (issues 11 and 23): for each size, a database of its own on the PostgreSQL
// server (TEST_DATABASE_URL's server, or 127.0.0.1:5432) filled by the scale data
// (scripts/scale-insert.ts: organisations, users and listings with soil quality and FILL
// acceptance, sites spread over mainland France around 56 towns, `--spread` times a town's
// outskirts; `--keep` keeps it, `--reuse` searches a kept one again after migrating it), then the
// top-10 matches of random matchable listings through the API's own code (`matchCandidates`: the
// SQL prefilter on the matching indexes of latitude bands, then the domain's `rankAndCount`), one
// at a time. Prints p50 / p95 of the whole, of the SQL and of the ranking, the candidates read
// and the compatible sites found, and the same for a full scan (the prefilter's conditions read
// by a sequential scan: index scans disabled), interleaved with them, with the ratios and the
// load average. A benchmark that prints, not a test.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MATCHABLE_STATUSES, rankAndCount, type MatchingConfig } from '@terres/domain';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type Db } from '../src/db/index.js';
import { systemScope } from '../src/db/scope.js';
import { inquiries } from '../src/db/schema.js';
import { loadConfig } from '../src/env.js';
import { inquiryColumns, type InquiryRow } from '../src/services/inquiries.js';
import { candidatesQuery, matchCandidates, toMatchListing } from '../src/services/matching.js';
import { fillScaleDatabase } from './scale-insert.js';
import { percentile } from './bench-helpers.js';
import { recordResults } from './bench-results.js';

recordResults('matching');

const { values: args } = parseArgs({
  // `pnpm bench:matching -- --sizes …` hands the `--` on: it is not an argument.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    queries: { type: 'string', default: '200' },
    'full-scan': { type: 'string', default: '8' },
    spread: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});

const SIZES = args.sizes.split(',').map((size) => Number(size.trim())).filter((size) => Number.isInteger(size) && size > 0);
const QUERIES = Math.max(10, Number(args.queries) || 200);
const FULL_SCANS = Math.max(1, Number(args['full-scan']) || 8);
const SPREAD = Number(args.spread) || 4;
const LIMIT = 10;
const WARMUP = 20;

const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');


const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const ms = (value: number) => value.toFixed(1).padStart(7);

interface Run {
  total: number;
  sql: number;
  rank: number;
  candidates: number;
  compatible: number;
}

/** One top-10 search, timed in its two halves (what `findMatches` does). */
async function search(db: Db, row: InquiryRow, config: MatchingConfig): Promise<Run> {
  const started = performance.now();
  const listing = toMatchListing(row);
  const candidates = await matchCandidates(db, listing, config);
  const fetched = performance.now();
  const { total } = rankAndCount(listing, candidates.map(toMatchListing), { config, limit: LIMIT });
  const ended = performance.now();
  return { total: ended - started, sql: fetched - started, rank: ended - fetched, candidates: candidates.length, compatible: total };
}

function line(label: string, runs: readonly Run[]): string {
  const pick = (key: keyof Run) => runs.map((run) => run[key]);
  return (
    `${label.padEnd(10)} n=${String(runs.length).padStart(4)}  total p50 ${ms(percentile(pick('total'), 50))} p95 ${ms(percentile(pick('total'), 95))} ms` +
    `  | SQL p50 ${ms(percentile(pick('sql'), 50))} p95 ${ms(percentile(pick('sql'), 95))}` +
    `  | ranking p50 ${ms(percentile(pick('rank'), 50))} p95 ${ms(percentile(pick('rank'), 95))}` +
    `  | candidates mean ${mean(pick('candidates')).toFixed(0).padStart(5)}, compatible mean ${mean(pick('compatible')).toFixed(0).padStart(4)}`
  );
}

/** Whether the database at `url` holds the `size` listings of an earlier fill. */
async function filledWith(url: URL, size: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from inquiries');
    return Number(rows[0]?.n) === size;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

async function benchSize(size: number): Promise<void> {
  const name = `bourse_bench_matching_${size}`;
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  const organizations = Math.max(200, Math.round(size / 50));
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  // `--reuse`: a database kept by an earlier `--keep` run, filled with the same options, is
  // migrated to the current schema and searched again instead of being filled anew.
  const reused = args.reuse && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1 && (await filledWith(url, size));
  if (!reused) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  try {
    const started = performance.now();
    const filled = reused
      ? { totalSeconds: 0 }
      : await fillScaleDatabase(url.toString(), { listings: size, organizations, seed: Number(args.seed) || 1, spread: SPREAD });
    const database = await createDatabase(loadConfig({ DATABASE_URL: url.toString(), AUTH_SECRET: 'bench-matching-no-tokens-are-signed-here' }, {}), {
      unscoped: systemScope('scripts'),
    });
    if (reused) await database.migrate();
    const db = database.db;
    const config = loadConfig({ AUTH_SECRET: 'bench-matching-no-tokens-are-signed-here' }, {}).matching;
    const { rows: counts } = await db.execute<{ matchable: string }>(
      sql`select count(*) as matchable from inquiries where deleted_at is null and status in ${MATCHABLE_STATUSES} and site_latitude is not null and start_date <= end_date and jsonb_array_length(materials) > 0`,
    );
    console.log(
      `\n${size.toLocaleString('fr-FR')} listings (${organizations} organisations; ${Number(counts[0]!.matchable).toLocaleString('fr-FR')} matchable), ` +
        (reused ? `reused (kept by an earlier run), migrated in ${((performance.now() - started) / 1000).toFixed(0)} s` : `filled in ${filled.totalSeconds.toFixed(0)} s`),
    );
    // Random matchable listings, both types, the same ones in every run: ordered by a hash of
    // their id (setseed and random() could run on two pooled connections, and random() follows
    // the table's physical order, which a migration rewriting it changes).
    const { rows: picked } = await db.execute<{ id: string }>(
      sql`select id from inquiries where deleted_at is null and status in ${MATCHABLE_STATUSES} and site_latitude is not null and start_date <= end_date and jsonb_array_length(materials) > 0 order by md5(id::text) limit ${QUERIES + WARMUP}`,
    );
    const rows = await db.select(inquiryColumns).from(inquiries).where(inArray(inquiries.id, picked.map((p) => p.id)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const listings = picked.map((p) => byId.get(p.id)!);
    for (const row of listings.slice(0, WARMUP)) await search(db, row, config);
    // The searches through the index, and interleaved with them (every QUERIES / FULL_SCANS-th
    // listing) the same search read by a sequential scan (no index): what the prefilter saves,
    // measured under the same load.
    const indexed: Run[] = [];
    const scanned: Run[] = [];
    const same: Run[] = [];
    const every = Math.max(1, Math.floor(QUERIES / FULL_SCANS));
    for (const [index, row] of listings.slice(WARMUP).entries()) {
      const run = await search(db, row, config);
      indexed.push(run);
      if (index % every !== 0 || scanned.length >= FULL_SCANS) continue;
      same.push(run);
      scanned.push(
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_indexscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          // The prefilter is a prepared statement: plan it anew under these settings.
          await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
          return search(tx as unknown as Db, row, config);
        }),
      );
    }
    console.log(line('indexed', indexed));
    console.log(line('full scan', scanned));
    const ratio = (p: number, runs: readonly Run[]) => percentile(scanned.map((r) => r.total), p) / percentile(runs.map((r) => r.total), p);
    console.log(
      `full scan / indexed: p95 × ${ratio(95, indexed).toFixed(1)} (all ${indexed.length} searches; issue 23's target × 20), ` +
        `same ${same.length} listings p50 × ${ratio(50, same).toFixed(1)}, p95 × ${ratio(95, same).toFixed(1)}; load average ${loadavg().map((v) => v.toFixed(1)).join(' ')} at the end`,
    );
    // The plan of one search's prefilter, as the API runs it (runtime role, row-level security).
    const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`explain ${candidatesQuery(db, toMatchListing(listings[WARMUP]!), config)!}`);
    console.log(`plan: ${plan.rows.map((r) => r['QUERY PLAN'].trim()).slice(0, 3).join(' / ')}`);
    await database.close();
  } finally {
    if (!args.keep) {
      const cleanup = new pg.Client({ connectionString: server.toString() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  }
}

console.log(
  `bench:matching: top-${LIMIT} matches of ${QUERIES} random matchable listings per size (after ${WARMUP} warm-up searches), ` +
    `one at a time, through findMatches' two halves; sites spread ×${SPREAD} around 56 towns.`,
);
for (const size of SIZES) await benchSize(size);
