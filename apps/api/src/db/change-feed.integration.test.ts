// The change feed on a real PostgreSQL (src/db/change-feed.ts): two feeds stand for two API
// processes. Once `settle()` returns, every listening feed has applied what was committed before
// it, or proves itself current (a probe) before its next read from memory; a listener that never
// answers holds a settle a few milliseconds only; a feed whose connection is cut says so and
// listens again.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.js';
import { CHANGES_CHANNEL, ChangeFeed, FEED_APPLICATION_NAME, LEASE_MS, type ChangeListener } from './change-feed.js';

let testDatabase: TestDatabase;
let sql: pg.Client;
const feeds: ChangeFeed[] = [];

beforeAll(async () => {
  // A database of its own: settle() counts every feed listening on its database.
  testDatabase = await createTestDatabase();
  sql = new pg.Client({ connectionString: testDatabase.url });
  await sql.connect();
});

afterAll(async () => {
  await Promise.all(feeds.map((feed) => feed.close()));
  await sql?.end();
  await testDatabase?.drop();
});

/** A started feed and what its listener heard. */
async function listeningFeed() {
  const feed = new ChangeFeed(testDatabase.url, { heartbeatMs: 200, deadlineMs: 1_000 });
  feeds.push(feed);
  const heard: string[] = [];
  const states: string[] = [];
  const listener: ChangeListener = { change: (tag) => heard.push(tag), reset: () => heard.push('(reset)'), state: (state) => states.push(state) };
  feed.subscribe(listener);
  await feed.start();
  return { feed, heard, states };
}

describe('ChangeFeed', () => {
  it('after a settle, every listening process has applied what was committed before, or proves itself current first', async () => {
    const a = await listeningFeed();
    const b = await listeningFeed();
    expect(a.feed.live && b.feed.live).toBe(true);
    for (let round = 0; round < 20; round += 1) {
      const tag = `inquiry:round-${round}`;
      // Committed by another connection (a process's transaction, a script).
      await sql.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, tag]);
      await a.feed.settle();
      // When A's settle returns, B has heard it already, or B's next read from memory waits
      // for a probe that comes back after it: no luck involved, every round.
      for (const feed of [a, b]) {
        // Proven current at once, or by a probe sent now: either way the change is applied. A
        // probe back too late (a loaded machine) means reading the database: nothing to check.
        const fresh = feed.feed.fresh(performance.now());
        if (fresh === true || (await fresh)) expect(feed.heard).toContain(tag);
      }
    }
    // The markers and their answers are the feed's own business: never handed to listeners.
    expect(b.heard.every((tag) => tag.startsWith('inquiry:') || tag === '(reset)')).toBe(true);
  });

  it('holds a settle a few milliseconds only for a listener that never answers, which a probe catches up', async () => {
    const a = await listeningFeed();
    // A process that listens and then stops (SIGSTOP, a stalled event loop): counted, never answers.
    const stalled = new pg.Client({ connectionString: testDatabase.url, application_name: FEED_APPLICATION_NAME });
    await stalled.connect();
    await stalled.query(`listen ${CHANGES_CHANNEL}`);
    try {
      const timings: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        await sql.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, `inquiry:stalled-${round}`]);
        const started = performance.now();
        await a.feed.settle();
        timings.push(performance.now() - started);
      }
      // The deadline is LEASE_MS and a millisecond; generous for a loaded machine, far under the old
      // second. The median, not the slowest: one settle can wait on a CI machine running other suites.
      timings.sort((x, y) => x - y);
      expect(timings[0]).toBeGreaterThanOrEqual(LEASE_MS);
      expect(timings[2]).toBeLessThan(300);
      expect(a.feed.stats().unansweredMarkers).toBeGreaterThanOrEqual(5);
    } finally {
      await stalled.end();
    }
  });

  it('proves itself current with a probe that comes back after every earlier announcement', async () => {
    const { feed, heard } = await listeningFeed();
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 3));
    const probes = feed.stats().probes;
    await sql.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'inquiry:before-probe']);
    // No proof this recent yet (the feed was quiet): a probe is sent, and it comes back after the announcement.
    const fresh = feed.fresh(performance.now());
    expect(fresh).not.toBe(true);
    expect(await fresh).toBe(true);
    expect(heard).toContain('inquiry:before-probe');
    expect(feed.stats().probes).toBe(probes + 1);
  });

  it('sends one statement at a time on its connection: probes, markers and answers wait their turn', async () => {
    const a = await listeningFeed();
    const b = await listeningFeed();
    // The most statements each connection had under way at once (node-postgres 8 queues the
    // extra ones with a deprecation warning, which Node prints once per process; 9 refuses them).
    const query = pg.Client.prototype.query;
    const running = new Map<object, number>();
    let busiest = 0;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const count = (running.get(this) ?? 0) + 1;
      running.set(this, count);
      busiest = Math.max(busiest, count);
      const done = () => running.set(this, (running.get(this) ?? 1) - 1);
      const result = (query as (...args: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result;
    } as typeof query);
    try {
      // Requests a few leases apart, all at once: each needs a probe of its own. Writes on both
      // sides meanwhile: markers, and each feed answering the other's.
      const now = performance.now();
      const proofs = [1, 2, 3, 4].map((step) => b.feed.fresh(now + step * 2 * LEASE_MS));
      await Promise.all([...proofs, a.feed.settle(), b.feed.settle(), a.feed.fresh(now + 2 * LEASE_MS)]);
      expect(b.feed.stats().probes).toBeGreaterThanOrEqual(4);
    } finally {
      spy.mockRestore();
    }
    expect(busiest).toBe(1);
  });

  it('stops being live when its connection is cut, and listens again, its listeners reset', async () => {
    const { feed, heard, states } = await listeningFeed();
    const generation = feed.generation;
    await sql.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1', [
      FEED_APPLICATION_NAME,
    ]);
    await waitUntil(() => states.includes('lost'));
    expect(feed.generation).toBeGreaterThan(generation);
    await waitUntil(() => feed.live);
    expect(states.slice(-2)).toEqual(['lost', 'live']);
    expect(heard.filter((tag) => tag === '(reset)').length).toBeGreaterThanOrEqual(2);
    // Listening again: announcements reach it.
    await sql.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'user:again']);
    await feed.settle();
    expect(heard).toContain('user:again');
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(condition()).toBe(true);
}
