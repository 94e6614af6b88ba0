// The listings this process last edited, each as it was at a row version (`xmin`), so that the
// next edit of one of them can be checked against that row and written by one conditional UPDATE
// (issue 23, `updateInquiry` in ./inquiries.ts). An entry is only a guess: the UPDATE applies only
// if the row is still exactly that version, and a stale entry (another process, a status move, a
// rename of the organisation) matches no row and is dropped. Nothing here is ever answered as is.

/** A listing row and the row version it was read or written at. */
export interface KnownVersion<Row> {
  row: Row;
  version: string;
}

/**
 * A bounded map, least recently used out first, entries forgotten after `ttlMs` (a row version is
 * a transaction id, unique while the entry lives: never kept long enough for ids to wrap).
 */
export class KnownVersions<Row> {
  readonly #entries = new Map<string, KnownVersion<Row> & { expires: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;

  constructor(options: { maxEntries: number; ttlMs: number }) {
    this.#maxEntries = options.maxEntries;
    this.#ttlMs = options.ttlMs;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(id: string): KnownVersion<Row> | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    this.#entries.delete(id);
    if (entry.expires <= Date.now()) return undefined;
    // Used again: the newest in the Map's insertion order.
    this.#entries.set(id, entry);
    return entry;
  }

  set(id: string, row: Row, version: string): void {
    this.#entries.delete(id);
    this.#entries.set(id, { row, version, expires: Date.now() + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }
}
