// The database's change announcements (issue 13), heard by this process: migration 0015 has
// PostgreSQL announce, at commit, every update or deletion of a row that an API process may keep
// in memory (a session family, a user, an organisation, a listing) as `<table>:<id>` on the
// channel `terres_changes`, to every process listening, whichever process (or psql) changed it.
// One connection of its own per process LISTENs; the read caches (src/db/read-cache.ts) drop
// what a change names as soon as it arrives.
//
// A change made through the API counts at once in every process: before a request that may have
// changed something is answered, `settle()` announces a marker and waits until every listening
// process (counted in pg_stat_activity by its application name) has answered it. A process
// answers a marker only after applying every announcement that came before it (one connection
// receives them in commit order), so when the answer leaves, no process serves the old row.
// Changes made outside the API (psql, scripts) count from their announcement's arrival (on
// loopback, well under a millisecond).
//
// While that connection is not listening (starting, lost, reconnecting) the feed is not `live`:
// the caches serve nothing and keep nothing, since an announcement may be missed meanwhile; when
// it listens again they start empty. A heartbeat query every few seconds finds a connection
// that died without a word (no FIN), with a deadline.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const CHANGES_CHANNEL = 'terres_changes';
/** How the listening connections name themselves, so that `settle()` can count them. */
export const FEED_APPLICATION_NAME = 'terres-change-feed';
const MARKER = 'settle:';
/** A process that has not answered a marker by then is hung or gone (or still connecting, its cache empty). */
const SETTLE_DEADLINE_MS = 1_000;
const ANSWER = 'settled:';

export interface ChangeFeedOptions {
  /** Between two heartbeats (`select 1` on the listening connection). */
  heartbeatMs?: number;
  /** A heartbeat or a connection attempt slower than this counts as a lost connection. */
  deadlineMs?: number;
}

export interface ChangeListener {
  /** One announcement: `<table>:<id>`. */
  change(tag: string): void;
  /** Announcements may have been missed: forget everything. */
  reset(): void;
  /** The listening connection was lost, or listens again (for the log). */
  state?(state: 'live' | 'lost', error?: Error): void;
}

interface Waiting {
  answers: number;
  /** Unknown until the marker's statement returns (answers may come first). */
  expected: number | undefined;
  done: () => void;
}

export class ChangeFeed {
  readonly #url: string;
  readonly #heartbeatMs: number;
  readonly #deadlineMs: number;
  readonly #listeners = new Set<ChangeListener>();
  #client: pg.Client | undefined;
  #live = false;
  #closed = false;
  #generation = 0;
  #timer: NodeJS.Timeout | undefined;
  #retryMs = 100;
  /** Resolves once listening (or closed): the first `start()`. */
  #started: Promise<void> | undefined;
  /** Markers this process announced: answers still awaited, and what to call when all came. */
  readonly #waiting = new Map<string, Waiting>();

  constructor(url: string, options: ChangeFeedOptions = {}) {
    this.#url = url;
    this.#heartbeatMs = options.heartbeatMs ?? 5_000;
    this.#deadlineMs = options.deadlineMs ?? 3_000;
  }

  /** Listening now: every announcement committed from now on reaches the listeners. */
  get live(): boolean {
    return this.#live;
  }

  /**
   * Moves on every announcement and every loss or return of the connection: a value read before
   * a query and found unchanged after it means nothing was announced meanwhile.
   */
  get generation(): number {
    return this.#generation;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Connects and listens; resolves when listening, or after `deadlineMs` (it keeps trying in the background). */
  start(): Promise<void> {
    // Serving without the cache is correct: never hold the start-up for it.
    this.#started ??= Promise.race([this.#listenUntilLive(), new Promise<void>((resolve) => setTimeout(resolve, this.#deadlineMs).unref())]);
    return this.#started;
  }

  /**
   * Resolves when every process listening has applied every change committed before this call
   * (or after SETTLE_DEADLINE_MS: a process that does not answer in time is hung or gone). Call it after
   * a change, before answering the client. Resolves at once when not listening.
   */
  async settle(): Promise<void> {
    const client = this.#client;
    if (!client || !this.#live) return;
    const nonce = randomUUID();
    let done!: () => void;
    const answered = new Promise<void>((resolve) => (done = resolve));
    const waiting: Waiting = { answers: 0, expected: undefined, done };
    this.#waiting.set(nonce, waiting);
    const deadline = setTimeout(done, SETTLE_DEADLINE_MS);
    try {
      // One statement: the processes listening now (this one included), and the marker.
      const result = await client.query<{ listening: number }>(
        'select pg_notify($1, $2), (select count(*)::int from pg_stat_activity where datname = current_database() and application_name = $3) as listening',
        [CHANGES_CHANNEL, MARKER + nonce, FEED_APPLICATION_NAME],
      );
      waiting.expected = result.rows[0]!.listening;
      if (waiting.answers >= waiting.expected) done();
      await answered;
    } catch {
      // The connection failed: #drop turned the caches off; nothing is served from memory.
    } finally {
      clearTimeout(deadline);
      this.#waiting.delete(nonce);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#lost();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      keepAlive: true,
      connectionTimeoutMillis: this.#deadlineMs,
      application_name: FEED_APPLICATION_NAME,
    });
    client.on('error', (error) => this.#drop(client, error));
    client.on('end', () => this.#drop(client));
    client.on('notification', (message) => {
      if (client !== this.#client || message.channel !== CHANGES_CHANNEL || !message.payload) return;
      const { payload } = message;
      if (payload.startsWith(MARKER)) {
        // Everything announced before the marker has been applied: answer it.
        client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, ANSWER + payload.slice(MARKER.length)]).catch(() => undefined);
        return;
      }
      if (payload.startsWith(ANSWER)) {
        const waiting = this.#waiting.get(payload.slice(ANSWER.length));
        if (waiting) {
          waiting.answers += 1;
          if (waiting.expected !== undefined && waiting.answers >= waiting.expected) waiting.done();
        }
        return;
      }
      this.#generation += 1;
      for (const listener of this.#listeners) listener.change(payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#retryMs = 100;
    // Whatever was kept before this connection listened may be stale: start empty.
    this.#generation += 1;
    for (const listener of this.#listeners) listener.reset();
    this.#live = true;
    for (const listener of this.#listeners) listener.state?.('live');
    this.#timer = setTimeout(() => this.#heartbeat(client), this.#heartbeatMs);
  }

  #heartbeat(client: pg.Client): void {
    if (client !== this.#client) return;
    const deadline = setTimeout(() => this.#drop(client, new Error('heartbeat deadline')), this.#deadlineMs);
    client.query('select 1').then(
      () => {
        clearTimeout(deadline);
        if (client === this.#client) this.#timer = setTimeout(() => this.#heartbeat(client), this.#heartbeatMs);
      },
      (error: Error) => {
        clearTimeout(deadline);
        this.#drop(client, error);
      },
    );
  }

  /** The listening connection failed: serve nothing from memory until another one listens. */
  #drop(client: pg.Client, error?: Error): void {
    if (client !== this.#client) return;
    this.#client = undefined;
    this.#lost(error);
    client.end().catch(() => undefined);
    if (!this.#closed) this.#timer = setTimeout(() => void this.#listenUntilLive(), this.#retryMs);
  }

  /** Connects and listens, again and again with a growing pause (100 ms to 5 s) until it does or the feed closes. */
  async #listenUntilLive(): Promise<void> {
    while (!this.#closed) {
      try {
        await this.#connect();
        return;
      } catch {
        await new Promise((resolve) => (this.#timer = setTimeout(resolve, this.#retryMs)));
        this.#retryMs = Math.min(this.#retryMs * 2, 5_000);
      }
    }
  }

  #lost(error?: Error): void {
    const was = this.#live;
    this.#live = false;
    this.#generation += 1;
    for (const listener of this.#listeners) listener.reset();
    if (was) for (const listener of this.#listeners) listener.state?.('lost', error);
  }
}
