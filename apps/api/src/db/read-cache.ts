// A read cache whose entries the database's change announcements drop (issue 13; src/db/change-feed.ts).
// Each entry names the rows it was built from as tags (`session:<id>`, `user:<id>`, ...); an
// announcement of one of them, from any process, drops it. Nothing is served or kept while the
// feed is not listening, and everything is forgotten when it listens again.
//
// Two races are closed here rather than left to luck:
// - a change announced while an entry was being built (the query read the row before the change
//   committed, the announcement came before the entry was kept): the entry is not kept. The feed's
//   generation and the last announcements say which tags moved during the build;
// - an announcement and a request that arrive together: a hit is answered after the event loop's
//   poll phase (`setImmediate`), so every announcement already received by this process has been
//   applied first;
// - a process that was paused or stalled and may have missed a change: a hit is answered only
//   while the feed proves this process current (`ChangeFeed.fresh`, a probe at most LEASE_MS
//   older than the request), else once a newer probe came back; a late probe reads the database.
// Entries also expire after `ttlMs`, whatever happens.
import type { ChangeFeed, ChangeListener } from './change-feed.js';

export interface ReadCacheOptions {
  /** For the metrics: `sessions`, `listings`. */
  name: string;
  maxEntries: number;
  ttlMs: number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  expires: number;
}

/** How many announcements are remembered to judge a build that overlapped them. */
const RECENT = 256;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Builds not kept: a change to one of their rows was announced meanwhile. */
  discarded: number;
  /** Entries dropped by an announcement. */
  invalidated: number;
  /** Reads of a kept entry sent to the database: this process could not prove itself current in time. */
  unproven: number;
  size: number;
}

export class ReadCache<V> implements ChangeListener {
  readonly #feed: ChangeFeed | undefined;
  readonly #options: ReadCacheOptions;
  readonly #entries = new Map<string, Entry<V>>();
  readonly #byTag = new Map<string, Set<string>>();
  /** The last announcements with the feed generation each one made. */
  readonly #recent: { generation: number; tag: string }[] = [];
  readonly #stats = { hits: 0, misses: 0, discarded: 0, invalidated: 0, unproven: 0 };
  readonly #unsubscribe: () => void;

  /** Without a feed (PGlite, or the cache turned off) every read builds, nothing is kept. */
  constructor(feed: ChangeFeed | undefined, options: ReadCacheOptions) {
    this.#feed = feed;
    this.#options = options;
    this.#unsubscribe = feed?.subscribe(this) ?? (() => undefined);
  }

  /** Stops listening (the app closes; the feed may serve other apps of the same handle). */
  close(): void {
    this.#unsubscribe();
    this.reset();
  }

  get name(): string {
    return this.#options.name;
  }

  stats(): ReadCacheStats {
    return { ...this.#stats, size: this.#entries.size };
  }

  /**
   * The value kept under `key`, else `build()`'s (kept unless undefined or one of `tagsOf(value)`
   * changed during the build). `build` runs as it would without a cache: its errors propagate.
   */
  async read(key: string, build: () => Promise<V | undefined>, tagsOf: (value: V) => readonly string[]): Promise<V | undefined> {
    const feed = this.#feed;
    if (!feed?.live) return build();
    if (this.#entries.has(key)) {
      // Only while this process is proven current (a recent probe, or one sent now and back).
      const fresh = feed.fresh(performance.now());
      if (fresh === true) await nextTurn();
      if (fresh === true || (await fresh)) {
        const entry = this.#entries.get(key);
        if (entry && entry.expires > Date.now() && feed.live) {
          this.#stats.hits += 1;
          return entry.value;
        }
      } else this.#stats.unproven += 1;
    }
    this.#stats.misses += 1;
    const generation = feed.generation;
    const value = await build();
    if (value === undefined) return value;
    const tags = tagsOf(value);
    if (this.#unchangedSince(generation, tags)) this.#keep(key, value, tags);
    else this.#stats.discarded += 1;
    return value;
  }

  /**
   * `read` for several keys at once (a list's page): one proof that this process is current for
   * those kept, then one `build(missing)` for the others, kept as `read` keeps them. The values
   * come in the order of `keys`; a key `build` did not answer is undefined.
   */
  async readMany(
    keys: readonly string[],
    build: (missing: readonly string[]) => Promise<Map<string, V>>,
    tagsOf: (key: string, value: V) => readonly string[],
  ): Promise<(V | undefined)[]> {
    const feed = this.#feed;
    if (!feed?.live) {
      const built = keys.length > 0 ? await build(keys) : new Map<string, V>();
      return keys.map((key) => built.get(key));
    }
    const found = new Map<string, V>();
    if (keys.some((key) => this.#entries.has(key))) {
      const fresh = feed.fresh(performance.now());
      if (fresh === true) await nextTurn();
      if (fresh === true || (await fresh)) {
        const now = Date.now();
        for (const key of keys) {
          const entry = this.#entries.get(key);
          if (entry && entry.expires > now && feed.live) {
            found.set(key, entry.value);
            this.#stats.hits += 1;
          }
        }
      } else this.#stats.unproven += 1;
    }
    const missing = keys.filter((key) => !found.has(key));
    if (missing.length > 0) {
      this.#stats.misses += missing.length;
      const generation = feed.generation;
      const built = await build(missing);
      for (const [key, value] of built) {
        found.set(key, value);
        const tags = tagsOf(key, value);
        if (this.#unchangedSince(generation, tags)) this.#keep(key, value, tags);
        else this.#stats.discarded += 1;
      }
    }
    return keys.map((key) => found.get(key));
  }

  /** Whether an entry is kept under `key` (fresh or not): a read that would likely be served from memory. */
  has(key: string): boolean {
    return this.#feed?.live === true && this.#entries.has(key);
  }

  /**
   * For a value read by a statement shared with another read (the session check's, see
   * `app.authenticateWith`): `mark()` before that statement runs, then `offer(key, value, tags,
   * mark)` keeps the value as `read` would have (not while the feed is not listening, nor when
   * one of its tags was announced since the mark).
   */
  mark(): number | undefined {
    return this.#feed?.live ? this.#feed.generation : undefined;
  }

  offer(key: string, value: V, tags: readonly string[], mark: number | undefined): void {
    if (mark === undefined) return;
    this.#stats.misses += 1;
    if (this.#unchangedSince(mark, tags)) this.#keep(key, value, tags);
    else this.#stats.discarded += 1;
  }

  change(tag: string): void {
    const feed = this.#feed!;
    this.#recent.push({ generation: feed.generation, tag });
    if (this.#recent.length > RECENT) this.#recent.shift();
    const keys = this.#byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) {
      this.#drop(key);
      this.#stats.invalidated += 1;
    }
  }

  reset(): void {
    this.#entries.clear();
    this.#byTag.clear();
    this.#recent.length = 0;
  }

  /** Did the feed move since `generation` only for announcements of other rows? */
  #unchangedSince(generation: number, tags: readonly string[]): boolean {
    const feed = this.#feed!;
    if (!feed.live) return false;
    const moves = feed.generation - generation;
    if (moves === 0) return true;
    const since = this.#recent.filter((change) => change.generation > generation);
    // A move without its announcement here: a reset, or more changes than remembered.
    if (since.length !== moves) return false;
    return !since.some((change) => tags.includes(change.tag));
  }

  #keep(key: string, value: V, tags: readonly string[]): void {
    this.#drop(key);
    this.#entries.set(key, { value, tags, expires: Date.now() + this.#options.ttlMs });
    for (const tag of tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    // A Map keeps insertion order: the first key is the oldest kept.
    while (this.#entries.size > this.#options.maxEntries) this.#drop(this.#entries.keys().next().value!);
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}
