// Per-IP limits on code requests and code checks (CONTRACT §6), counted in PostgreSQL so that
// every API process of a deployment counts into the same rows (issue 13): a limit is a number of
// hits over a sliding window, estimated from two fixed windows (the current one and the one
// before it, weighted by how much of it still overlaps the sliding window). Each hit is one
// atomic upsert that counts it only when it is allowed; a refused hit is not counted, as before.
import { messages } from '@terres/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index.js';
import { prepared } from '../db/prepared.js';
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
 * window's, stay under the limit. Two common table expressions, `rl_previous` and `rl_hit` (its
 * `hits`, no row when the hit is refused), put in front of a statement by `hitCtes`: the
 * limiter's own selects from `rl_hit`; the code check's does its own read in the same round trip
 * (src/auth/codes.ts). Values: `HitValues`.
 */
const p = (key: keyof HitValues) => sql.placeholder(key);
const PREVIOUS = sql`select coalesce((select hits from rate_limit_counters where key = ${p('rlKey')}::text and window_start = ${p('rlPrevious')}::timestamptz), 0) as hits`;
const HIT = sql`
  insert into rate_limit_counters as c (key, window_start, hits, expires_at)
  select ${p('rlKey')}::text, ${p('rlCurrent')}::timestamptz, 1, ${p('rlExpires')}::timestamptz
  from rl_previous where rl_previous.hits * ${p('rlWeight')}::float8 < ${p('rlLimit')}::int
  on conflict (key, window_start) do update set hits = c.hits + 1
    where c.hits + (select hits from rl_previous) * ${p('rlWeight')}::float8 < ${p('rlLimit')}::int
  returning c.hits`;

/** `rl_previous` and `rl_hit` for `db.with(...)`: `hit.hits` is the count, null in a left join when the hit was refused. */
export function hitCtes(db: DbOrTx) {
  const previous = db.$with('rl_previous', { hits: sql<number>`hits`.as('hits') }).as(PREVIOUS);
  const hit = db.$with('rl_hit', { hits: sql<number>`hits`.mapWith(Number).as('hits') }).as(HIT);
  return { previous, hit };
}

/** The values of a hit's placeholders (prefixed: they share a statement with a caller's own). */
export interface HitValues {
  rlKey: string;
  rlPrevious: string;
  rlCurrent: string;
  rlExpires: string;
  rlWeight: number;
  rlLimit: number;
}

export class RateLimiter {
  private lastPrunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly options: RateLimitOptions,
  ) {}

  /** Counts one hit for `subject` (an IP address), or throws a 429 problem with `Retry-After`. */
  async hit(subject: string, now = Date.now()): Promise<void> {
    const values = this.hitValues(subject, now);
    const [row] = await prepared(this.db, 'rate_limit_hit', (db, name) => {
      const { previous, hit } = hitCtes(db);
      return db.with(previous, hit).select({ hits: hit.hits }).from(hit).prepare(name);
    }).execute({ ...values });
    await this.settle(values, row?.hits ?? null, now);
  }

  /** A hit of `subject` at `now`, for a statement made with `hitCtes`; then `settle` with what `rl_hit` returned. */
  hitValues(subject: string, now = Date.now()): HitValues {
    const { name, limit, windowMs } = this.options;
    const start = Math.floor(now / windowMs) * windowMs;
    // The share of the previous window still inside the sliding window ending now.
    const weight = 1 - (now - start) / windowMs;
    return {
      rlKey: `${name}:${subject}`,
      rlPrevious: new Date(start - windowMs).toISOString(),
      rlCurrent: new Date(start).toISOString(),
      rlExpires: new Date(start + 2 * windowMs).toISOString(),
      rlWeight: weight,
      rlLimit: limit,
    };
  }

  /**
   * After the hit `values` was counted (`hits`: the window's count) or refused (null): now and
   * then deletes the expired counters, or throws the 429 problem with its `Retry-After`.
   */
  async settle(values: HitValues, hits: number | null, now = Date.now()): Promise<void> {
    if (hits !== null) {
      if (hits === 1 && now - this.lastPrunedAt > PRUNE_EVERY_MS) await this.prune(now);
      return;
    }
    const { limit, windowMs } = this.options;
    const start = new Date(values.rlCurrent).getTime();
    const seen = await this.db.execute<{ window_start: string | Date; hits: number }>(sql`
      select window_start, hits from rate_limit_counters
      where key = ${values.rlKey} and window_start in (${values.rlPrevious}::timestamptz, ${values.rlCurrent}::timestamptz)`);
    let previousHits = 0;
    let currentHits = 0;
    for (const line of seen.rows) {
      if (new Date(line.window_start).getTime() === start) currentHits = Number(line.hits);
      else previousHits = Number(line.hits);
    }
    const wait = retryAfterSeconds({ limit, windowMs, elapsedMs: now - start, previousHits, currentHits });
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
