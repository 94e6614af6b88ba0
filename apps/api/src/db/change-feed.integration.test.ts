// The change feed on a real PostgreSQL (src/db/change-feed.ts): two feeds stand for two API
// processes. `settle()` returns only once every listening feed has applied what was committed
// before it; a feed whose connection is cut says so and listens again.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database.js';
import { CHANGES_CHANNEL, ChangeFeed, FEED_APPLICATION_NAME, type ChangeListener } from './change-feed.js';

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
  it('settles only once every listening process has applied the changes committed before', async () => {
    const a = await listeningFeed();
    const b = await listeningFeed();
    expect(a.feed.live && b.feed.live).toBe(true);
    for (let round = 0; round < 20; round += 1) {
      const tag = `inquiry:round-${round}`;
      // Committed by another connection (a process's transaction, a script).
      await sql.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, tag]);
      await a.feed.settle();
      // When A's settle returns, B has heard it already: no luck involved, every round.
      expect(b.heard).toContain(tag);
      expect(a.heard).toContain(tag);
    }
    // The markers and their answers are the feed's own business: never handed to listeners.
    expect(b.heard.every((tag) => tag.startsWith('inquiry:') || tag === '(reset)')).toBe(true);
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
