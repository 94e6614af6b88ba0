// Per-IP limits on code requests and code checks (CONTRACT §6), counted in PostgreSQL so that
// every API process of a deployment counts into the same rows (issue 13): a limit is a number of
// hits over a sliding window, estimated from two fixed windows (the current one and the one
// before it, weighted by how much of it still overlaps the sliding window). Each hit is one
// atomic upsert that counts it only when it is allowed; a refused hit is not counted, as before.
import { messages } from '@terres/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { prepared, rawStatement } from '../db/prepared.js';
import { problem } from '../http/problem.js';

/** Expired counters are deleted at most this often by one limiter (any process may do it). */
const PRUNE_EVERY_MS = 60_000;

export interface RateLimitOptions {
  /** Names the limit in its keys: `otp-request`, `otp-check`. */
  name: string;
  /** Hits allowed over any `windowMs`. */
  limit: number;
  windowMs: number;
}

/**
 * One hit, counted only when allowed: the previous window's hits weighted, plus the current
 * window's, stay under the limit. Prepared (src/db/prepared.ts): one statement for every limit.
 */
const p = (key: string) => sql.placeholder(key);
const HIT = sql`
  with previous as (
    select coalesce((select hits from rate_limit_counters where key = ${p('key')}::text and window_start = ${p('previous')}::timestamptz), 0) as hits
  )
  insert into rate_limit_counters as c (key, window_start, hits, expires_at)
  select ${p('key')}::text, ${p('current')}::timestamptz, 1, ${p('expires')}::timestamptz
  from previous where previous.hits * ${p('weight')}::float8 < ${p('limit')}::int
  on conflict (key, window_start) do update set hits = c.hits + 1
    where c.hits + (select hits from previous) * ${p('weight')}::float8 < ${p('limit')}::int
  returning c.hits`;

export class RateLimiter {
  private lastPrunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly options: RateLimitOptions,
  ) {}

  /** Counts one hit for `subject` (an IP address), or throws a 429 problem with `Retry-After`. */
  async hit(subject: string, now = Date.now()): Promise<void> {
    const { name, limit, windowMs } = this.options;
    const key = `${name}:${subject}`;
    const start = Math.floor(now / windowMs) * windowMs;
    const elapsed = now - start;
    // The share of the previous window still inside the sliding window ending now.
    const weight = 1 - elapsed / windowMs;
    const current = new Date(start);
    const previous = new Date(start - windowMs);
    const expires = new Date(start + 2 * windowMs);
    const counted = await prepared(this.db, 'rate_limit_hit', (db, name) => rawStatement<{ hits: number }>(db, name, HIT)).execute({
      key,
      previous: previous.toISOString(),
      current: current.toISOString(),
      expires: expires.toISOString(),
      weight,
      limit,
    });
    const row = counted.rows[0];
    if (row) {
      if (Number(row.hits) === 1 && now - this.lastPrunedAt > PRUNE_EVERY_MS) await this.prune(now);
      return;
    }
    const seen = await this.db.execute<{ window_start: string | Date; hits: number }>(sql`
      select window_start, hits from rate_limit_counters
      where key = ${key} and window_start in (${previous.toISOString()}::timestamptz, ${current.toISOString()}::timestamptz)`);
    let previousHits = 0;
    let currentHits = 0;
    for (const line of seen.rows) {
      if (new Date(line.window_start).getTime() === start) currentHits = Number(line.hits);
      else previousHits = Number(line.hits);
    }
    const wait = retryAfterSeconds({ limit, windowMs, elapsedMs: elapsed, previousHits, currentHits });
    throw problem(429, messages.rateLimited, { headers: { 'retry-after': String(wait) } });
  }

  /** Deletes the counters whose windows are over (any limit's: they all carry `expires_at`). */
  private async prune(now: number): Promise<void> {
    this.lastPrunedAt = now;
    await this.db.execute(sql`delete from rate_limit_counters where expires_at < ${new Date(now).toISOString()}::timestamptz`);
  }
}

export interface RetryAfterInput {
  limit: number;
  windowMs: number;
  /** Time since the current fixed window began. */
  elapsedMs: number;
  previousHits: number;
  currentHits: number;
}

/**
 * Whole seconds (at least 1) until the estimate `current + previous × (share of the previous
 * window still in the sliding one)` falls below the limit again, if nobody hits meanwhile.
 */
export function retryAfterSeconds({ limit, windowMs, elapsedMs, previousHits, currentHits }: RetryAfterInput): number {
  let waitMs: number;
  if (currentHits < limit && previousHits > 0) {
    // Within this window: the previous window's weight drops until the estimate is under the limit.
    waitMs = windowMs * (1 - (limit - currentHits) / previousHits) - elapsedMs;
  } else {
    // In the next window, this one becomes the previous one, and its weight drops in turn.
    waitMs = windowMs - elapsedMs + windowMs * (1 - limit / Math.max(currentHits, limit));
  }
  // One millisecond past the boundary, where the estimate is strictly below the limit.
  return Math.max(1, Math.ceil((waitMs + 1) / 1000));
}
