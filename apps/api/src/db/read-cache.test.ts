// The read cache's rules with a feed played by hand: what is kept, what an announcement drops,
// and the builds that overlap a change (src/db/read-cache.ts). The real feed, across processes,
// is tested in src/two-processes.integration.test.ts.
import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from './change-feed.js';
import { ReadCache } from './read-cache.js';

/** A feed whose announcements and losses the test makes, as ChangeFeed delivers them. */
function handFeed() {
  const listeners = new Set<ChangeListener>();
  const feed = {
    live: true,
    generation: 0,
    subscribe(listener: ChangeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce(tag: string) {
      feed.generation += 1;
      for (const listener of listeners) listener.change(tag);
    },
    lose() {
      feed.live = false;
      feed.generation += 1;
      for (const listener of listeners) listener.reset();
    },
    listenAgain() {
      feed.generation += 1;
      for (const listener of listeners) listener.reset();
      feed.live = true;
    },
  };
  return feed;
}

function cacheOn(feed: ReturnType<typeof handFeed>, maxEntries = 10) {
  return new ReadCache<string>(feed as unknown as ChangeFeed, { name: 'test', maxEntries, ttlMs: 60_000 });
}

/** Reads `key`, counting the database reads; `during` runs while the value is being read. */
function reader(cache: ReadCache<string>) {
  let reads = 0;
  const read = (key: string, value: string, during?: () => void) =>
    cache.read(
      key,
      async () => {
        reads += 1;
        during?.();
        return value;
      },
      () => [`inquiry:${key}`],
    );
  return { read, reads: () => reads };
}

describe('ReadCache', () => {
  it('answers from memory until an announcement names the row', async () => {
    const feed = handFeed();
    const { read, reads } = reader(cacheOn(feed));
    expect(await read('a', 'v1')).toBe('v1');
    expect(await read('a', 'v2')).toBe('v1');
    expect(reads()).toBe(1);
    feed.announce('inquiry:b');
    expect(await read('a', 'v2')).toBe('v1');
    feed.announce('inquiry:a');
    expect(await read('a', 'v2')).toBe('v2');
    expect(reads()).toBe(2);
  });

  it('does not keep a value whose row was announced while it was read', async () => {
    const feed = handFeed();
    const cache = cacheOn(feed);
    const { read, reads } = reader(cache);
    // The query saw the old row; the change's announcement came before the answer.
    expect(await read('a', 'old', () => feed.announce('inquiry:a'))).toBe('old');
    expect(await read('a', 'new')).toBe('new');
    expect(reads()).toBe(2);
    expect(cache.stats().discarded).toBe(1);
    // Another row's announcement during the read does not matter.
    expect(await read('b', 'b1', () => feed.announce('inquiry:z'))).toBe('b1');
    expect(await read('b', 'b2')).toBe('b1');
  });

  it('serves and keeps nothing while the feed does not listen, and starts empty after', async () => {
    const feed = handFeed();
    const { read, reads } = reader(cacheOn(feed));
    await read('a', 'v1');
    feed.lose();
    expect(await read('a', 'v2')).toBe('v2');
    expect(await read('a', 'v3')).toBe('v3');
    feed.listenAgain();
    expect(await read('a', 'v4')).toBe('v4');
    expect(await read('a', 'v5')).toBe('v4');
    expect(reads()).toBe(4);
    // A read across a loss and a return is not kept: an announcement may have been missed.
    const { read: readAcross, reads: readsAcross } = reader(cacheOn(feed));
    expect(await readAcross('c', 'c1', () => (feed.lose(), feed.listenAgain()))).toBe('c1');
    expect(await readAcross('c', 'c2')).toBe('c2');
    expect(readsAcross()).toBe(2);
  });

  it('answers a hit only after the announcements received with it', async () => {
    const feed = handFeed();
    const { read } = reader(cacheOn(feed));
    await read('a', 'v1');
    const answer = read('a', 'v2');
    // Arrives in the same turn of the event loop as the request: applied before the answer.
    feed.announce('inquiry:a');
    expect(await answer).toBe('v2');
  });

  it('keeps at most maxEntries, the oldest going first, and nothing undefined', async () => {
    const feed = handFeed();
    const cache = cacheOn(feed, 2);
    const { read, reads } = reader(cache);
    await read('a', 'a');
    await read('b', 'b');
    await read('c', 'c');
    expect(cache.stats().size).toBe(2);
    await read('a', 'a');
    expect(reads()).toBe(4);
    const missing = await cache.read('none', async () => undefined, () => ['inquiry:none']);
    expect(missing).toBeUndefined();
    expect(cache.stats().size).toBe(2);
  });
});
