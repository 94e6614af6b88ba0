// The per-IP limits in PostgreSQL: two database handles stand for two API processes (each its
// own pool, its own limiter), counting into the run's database.
import { messages } from '@terres/domain';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/index.js';
import { HttpProblem } from '../http/problem.js';
import { openPostgres } from '../../test/helpers/app.js';
import { RateLimiter, retryAfterSeconds } from './rate-limit.js';

const WINDOW_MS = 600_000;
let one: Database;
let two: Database;

beforeAll(async () => {
  one = await openPostgres(inject('databaseUrl'));
  two = await openPostgres(inject('databaseUrl'));
});

afterAll(async () => {
  await one?.close();
  await two?.close();
});

/** A name of this test's own, so its keys meet no other test's. */
function limitName(): string {
  return `test-${randomBytes(5).toString('hex')}`;
}

async function outcome(limiter: RateLimiter, subject: string, now: number): Promise<'ok' | number> {
  try {
    await limiter.hit(subject, now);
    return 'ok';
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    expect(error.status).toBe(429);
    expect(error.detail).toBe(messages.rateLimited);
    return Number(error.options.headers?.['retry-after']);
  }
}

describe('RateLimiter', () => {
  it('lets exactly the limit through when two processes are hit at once, and counts per address', async () => {
    const name = limitName();
    const a = new RateLimiter(one.db, { name, limit: 5, windowMs: WINDOW_MS });
    const b = new RateLimiter(two.db, { name, limit: 5, windowMs: WINDOW_MS });
    const now = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + 1_000;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => outcome(i % 2 ? a : b, '198.51.100.7', now)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    for (const refused of results.filter((r) => r !== 'ok')) expect(refused).toBeGreaterThan(0);
    // The refused hits were not counted: one row, 5 hits.
    const rows = await one.db.execute<{ hits: number }>(sql`select hits from rate_limit_counters where key = ${`${name}:198.51.100.7`}`);
    expect(rows.rows.map((r) => Number(r.hits))).toEqual([5]);
    expect(await outcome(b, '198.51.100.8', now)).toBe('ok');
  });

  it('slides: the previous window weighs less as it moves out, and Retry-After says when', async () => {
    const name = limitName();
    const limiter = new RateLimiter(one.db, { name, limit: 4, windowMs: WINDOW_MS });
    const start = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
    const ip = '203.0.113.1';
    for (let i = 0; i < 4; i += 1) expect(await outcome(limiter, ip, start + 1_000)).toBe('ok');
    expect(await outcome(limiter, ip, start + 2_000)).not.toBe('ok');
    // Just past the window's end the 4 earlier hits weigh 4 × 599/600 < 4: one more gets through,
    const next = start + WINDOW_MS;
    expect(await outcome(limiter, ip, next + 1_000)).toBe('ok');
    // and then 1 + 4 × 598/600 ≥ 4 is refused until the previous window weighs under 3: a quarter
    // of the window after its start (148 s from now, plus the rounding up).
    expect(await outcome(limiter, ip, next + 2_000)).toBe(149);
    expect(await outcome(limiter, ip, next + WINDOW_MS / 4 + 1_000)).toBe('ok');
    expect(await outcome(limiter, ip, next + WINDOW_MS / 4 + 2_000)).not.toBe('ok');
  });

  it('prunes counters whose windows are over', async () => {
    const name = limitName();
    const limiter = new RateLimiter(one.db, { name, limit: 10, windowMs: 1_000 });
    const past = Date.now() - 60_000;
    await limiter.hit('192.0.2.1', past);
    const key = `${name}:192.0.2.1`;
    const count = async () => Number((await one.db.execute<{ n: number }>(sql`select count(*)::int as n from rate_limit_counters where key = ${key}`)).rows[0]!.n);
    expect(await count()).toBe(1);
    // Another limiter (another process) opening a new window prunes what has expired.
    await new RateLimiter(two.db, { name, limit: 10, windowMs: 1_000 }).hit('192.0.2.2');
    expect(await count()).toBe(0);
  });
});

describe('retryAfterSeconds', () => {
  it('waits within the window while the previous one weighs too much, or into the next one', () => {
    // 10 hits in the previous window, none now, limit 5, at the window's start: half of it must pass.
    expect(retryAfterSeconds({ limit: 5, windowMs: 60_000, elapsedMs: 0, previousHits: 10, currentHits: 0 })).toBe(31);
    // The current window is full: to its end, then until its own weight is under the limit.
    expect(retryAfterSeconds({ limit: 5, windowMs: 60_000, elapsedMs: 20_000, previousHits: 0, currentHits: 5 })).toBe(41);
    expect(retryAfterSeconds({ limit: 5, windowMs: 60_000, elapsedMs: 59_999, previousHits: 0, currentHits: 5 })).toBe(1);
  });
});
