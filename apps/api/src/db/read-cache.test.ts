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
    /** What `fresh()` answers: true (proven current), or a probe's answer to come. */
    proof: true as true | Promise<boolean>,
    fresh() {
      return feed.proof;
    },
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

  it('answers from memory only once the feed proves this process current, else from the database', async () => {
    const feed = handFeed();
    const cache = cacheOn(feed);
    const { read, reads } = reader(cache);
    await read('a', 'v1');
    // Paused, then woken: no recent proof, and the probe sent now is late (the connection stalls).
    feed.proof = Promise.resolve(false);
    expect(await read('a', 'v2')).toBe('v2');
    expect(cache.stats().unproven).toBe(1);
    // The probe comes back: every announcement before it applied; memory answers again.
    let back!: (ok: boolean) => void;
    feed.proof = new Promise((resolve) => (back = resolve));
    const waiting = read('a', 'v3');
    feed.announce('inquiry:a');
    back(true);
    expect(await waiting).toBe('v3');
    feed.proof = true;
    expect(await read('a', 'v4')).toBe('v3');
    expect(reads()).toBe(3);
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

describe('several keys at once (a list page) and values read by a shared statement (issue 23)', () => {
  it('serves the kept ones, builds only the others in one call, keeps them unless changed meanwhile', async () => {
    const feed = handFeed();
    const cache = cacheOn(feed);
    const builds: string[][] = [];
    const readMany = (keys: string[], during?: () => void) =>
      cache.readMany(
        keys,
        async (missing) => {
          builds.push([...missing]);
          during?.();
          return new Map(missing.filter((key) => key !== 'gone').map((key) => [key, `v-${key}`]));
        },
        (key) => [`inquiry:${key}`],
      );
    expect(await readMany(['a', 'b'])).toEqual(['v-a', 'v-b']);
    expect(await readMany(['a', 'c', 'b', 'gone'])).toEqual(['v-a', 'v-c', 'v-b', undefined]);
    expect(builds).toEqual([['a', 'b'], ['c', 'gone']]);
    // A change to b announced while c and d are built: b is dropped, c and d kept.
    feed.announce('inquiry:b');
    expect(await readMany(['b', 'd'], () => feed.announce('inquiry:x'))).toEqual(['v-b', 'v-d']);
    expect(builds.at(-1)).toEqual(['b', 'd']);
    // e announced during the build that reads it: not kept, read again next time.
    await readMany(['e'], () => feed.announce('inquiry:e'));
    await readMany(['e']);
    expect(builds.slice(-2)).toEqual([['e'], ['e']]);
    // Not proven current: every key is read from the database.
    feed.proof = Promise.resolve(false);
    await readMany(['a', 'b']);
    expect(builds.at(-1)).toEqual(['a', 'b']);
    // Feed lost: nothing served, nothing kept.
    feed.proof = true;
    feed.lose();
    await readMany(['a']);
    expect(builds.at(-1)).toEqual(['a']);
    expect(cache.has('a')).toBe(false);
  });

  it('keeps an offered value only when nothing it was read from changed since the mark', () => {
    const feed = handFeed();
    const cache = cacheOn(feed);
    const mark = cache.mark();
    cache.offer('a', 'v-a', ['inquiry:a'], mark);
    expect(cache.has('a')).toBe(true);
    const before = cache.mark();
    feed.announce('inquiry:b');
    cache.offer('b', 'v-b', ['inquiry:b'], before);
    expect(cache.has('b')).toBe(false);
    feed.lose();
    expect(cache.mark()).toBeUndefined();
    cache.offer('c', 'v-c', ['inquiry:c'], undefined);
    expect(cache.has('c')).toBe(false);
  });
});
