// The database's change announcements (issue 13), heard by this process: migration 0015 has
// PostgreSQL announce, at commit, every update or deletion of a row that an API process may keep
// in memory (a session family, a user, an organisation, a listing) as `<table>:<id>` on the
// channel `terres_changes`, to every process listening, whichever process (or psql) changed it.
// One connection of its own per process LISTENs; the read caches (src/db/read-cache.ts) drop
// what a change names as soon as it arrives.
//
// A change made through the API counts at once in every live process, and no process waits for
// a slow one (issue 23; docs/many-processes.md "Coherence"):
// - before a request that may have changed something is answered, `settle()` announces a marker
//   and waits until every listening process has answered it, or LEASE_MS (plus a millisecond for
//   the timers' grain) have passed, whichever comes first. A process answers a marker only after
//   applying every announcement that came before it (one connection receives them in commit
//   order). Markers of concurrent writes share one statement.
// - a process serves from its caches only with a recent proof of being current (`fresh()`): a
//   probe it sent at most LEASE_MS before the request arrived came back on its listening
//   connection, so every announcement committed before the probe was applied. A process that did
//   not answer a write's marker in time (paused, stalled, dying) is thereby caught: that write
//   was committed more than LEASE_MS before any request that follows its answer, so the
//   process's next read from memory first waits for a newer probe, which comes back after the
//   announcement; if the probe is late (PROBE_DEADLINE_MS), the read goes to the database.
// Changes made outside the API (psql, scripts) count from their announcement's arrival (on
// loopback, well under a millisecond).
//
// While that connection is not listening (starting, lost, reconnecting) the feed is not `live`:
// the caches serve nothing and keep nothing, since an announcement may be missed meanwhile; when
// it listens again they start empty. A heartbeat query every few seconds finds a connection
// that died without a word (no FIN), with a deadline.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

export const CHANGES_CHANNEL = 'terres_changes';
/** How the listening connections name themselves, so that `settle()` can count them. */
export const FEED_APPLICATION_NAME = 'terres-change-feed';
/** On the shared channel: `settle:<the writer's own channel>:<nonce>`. */
const MARKER = 'settle:';
/** On the writer's own channel (or, from a process of an earlier version, the shared one): `settled:<nonce>`. */
const ANSWER = 'settled:';
/** On a process's own channel: `probe:<number>`. */
const PROBE = 'probe:';
/**
 * How recent a proof of being current must be for a read from memory, and so how long a write
 * waits at most for a process that does not answer (a few milliseconds: the bound).
 */
export const LEASE_MS = 5;
/** A write waits this long at most: the lease, and a millisecond for the timers' grain. */
const SETTLE_DEADLINE_MS = LEASE_MS + 1;
/** A probe that has not come back by then: the reads waiting for it go to the database. */
const PROBE_DEADLINE_MS = 100;

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

/** One marker: the settles that share it, and the answers they wait for. */
interface Batch {
  nonce: string;
  /** performance.now() when its statement was sent (after every member's commit). */
  sentAt: number;
  answers: number;
  /** Unknown until the marker's statement returns (answers may come first). */
  expected: number | undefined;
  done: () => void;
  settled: Promise<void>;
}

interface Probe {
  /** performance.now() before its statement was sent. */
  sentAt: number;
  /** true once back (every announcement committed before `sentAt` applied); false if late or lost. */
  back: Promise<boolean>;
  finish: (back: boolean) => void;
}

export interface ChangeFeedStats {
  /** Probes sent to prove this process current (reads from memory after a quiet spell or a pause). */
  probes: number;
  /** Probes that did not come back within their deadline, or whose connection was lost. */
  lateProbes: number;
  /** Markers sent (one per batch of concurrent writes). */
  markers: number;
  /** Markers not answered by every listening process before the deadline. */
  unansweredMarkers: number;
}

const resolved = (value: boolean) => Promise.resolve(value);

/** Resolves SETTLE_DEADLINE_MS after `from` (performance.now()), never earlier, whatever the timers' grain. */
function afterDeadline(from: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const left = from + SETTLE_DEADLINE_MS - performance.now();
      if (left <= 0) resolve();
      else setTimeout(check, Math.ceil(left));
    };
    setTimeout(check, SETTLE_DEADLINE_MS);
  });
}

export class ChangeFeed {
  readonly #url: string;
  readonly #heartbeatMs: number;
  readonly #deadlineMs: number;
  readonly #listeners = new Set<ChangeListener>();
  /** This process's own channel: answers to its markers, its probes. */
  readonly #channel = `terres_feed_${randomBytes(8).toString('hex')}`;
  #client: pg.Client | undefined;
  #live = false;
  #closed = false;
  #generation = 0;
  #timer: NodeJS.Timeout | undefined;
  #retryMs = 100;
  /** Resolves once listening (or closed): the first `start()`. */
  #started: Promise<void> | undefined;
  /** The next marker, gathering settles until the one being sent has returned. */
  #next: Batch | undefined;
  #sending = false;
  /** Markers sent whose answers are still awaited, by nonce. */
  readonly #waiting = new Map<string, Batch>();
  /** Every announcement committed before this performance.now() time has been applied. */
  #provenAt = -Infinity;
  #probeCount = 0;
  /** The last probe sent, back or not. */
  #lastProbe: Probe | undefined;
  readonly #probes = new Map<string, Probe>();
  /** Per listening connection, its last statement sent: the next one waits for it (#send). */
  readonly #turns = new WeakMap<pg.Client, Promise<unknown>>();
  readonly #stats: ChangeFeedStats = { probes: 0, lateProbes: 0, markers: 0, unansweredMarkers: 0 };

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

  stats(): ChangeFeedStats {
    return { ...this.#stats };
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
   * Resolves when every process listening has applied every change committed before this call,
   * or after the deadline (LEASE_MS and a millisecond): a process that has not answered by then
   * reads nothing more from memory before a newer probe (`fresh()`). Call it after a change,
   * before answering the client. When not listening, it waits the deadline: the processes that
   * are listening may not have applied the change yet, and they answer from memory only with a
   * probe sent after it.
   */
  settle(): Promise<void> {
    if (!this.#client || !this.#live) return this.#closed ? Promise.resolve() : afterDeadline(performance.now());
    const gathering = this.#next;
    if (gathering) return gathering.settled;
    let done!: () => void;
    const settled = new Promise<void>((resolve) => (done = resolve));
    this.#next = { nonce: randomUUID(), sentAt: 0, answers: 0, expected: undefined, done, settled };
    if (!this.#sending) void this.#sendMarkers();
    return settled;
  }

  /**
   * Whether the caches may answer a request that arrived at `since` (performance.now(), taken
   * once the request was received): true when every announcement committed before
   * `since - LEASE_MS` has been applied, at once if a recent probe proves it, else once a probe
   * sent late enough comes back. false when the feed is not live or the probe is late: read the
   * database.
   */
  fresh(since: number): true | Promise<boolean> {
    if (!this.#live) return resolved(false);
    const needed = since - LEASE_MS;
    if (this.#provenAt >= needed) {
      // Renewed ahead, so that a steady flow of reads rarely waits for a probe.
      const last = this.#lastProbe;
      if (performance.now() - this.#provenAt > LEASE_MS / 2 && (!last || last.sentAt <= this.#provenAt)) this.#probe();
      return true;
    }
    // A probe sent late enough, back or not: its answer is this read's (a late one sends it to the database).
    const last = this.#lastProbe;
    if (last && last.sentAt >= needed) return last.back;
    return this.#probe().back;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#lost();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Sends the gathered markers one statement at a time: the settles called meanwhile share the next one. */
  async #sendMarkers(): Promise<void> {
    this.#sending = true;
    try {
      while (this.#next) {
        const batch = this.#next;
        this.#next = undefined;
        const client = this.#client;
        if (!client || !this.#live) {
          batch.done();
          continue;
        }
        batch.sentAt = performance.now();
        this.#waiting.set(batch.nonce, batch);
        this.#stats.markers += 1;
        const finish = () => {
          if (!this.#waiting.delete(batch.nonce)) return;
          if (batch.expected === undefined || batch.answers < batch.expected) this.#stats.unansweredMarkers += 1;
          batch.done();
        };
        // Never earlier than the deadline by the clock, whatever the timers' grain.
        const deadline = () => {
          if (!this.#waiting.has(batch.nonce)) return;
          const left = batch.sentAt + SETTLE_DEADLINE_MS - performance.now();
          if (left <= 0) finish();
          else setTimeout(deadline, Math.ceil(left));
        };
        setTimeout(deadline, SETTLE_DEADLINE_MS);
        try {
          // One statement: the processes listening now (this one included), and the marker.
          const result = await this.#send<{ listening: number }>(
            client,
            'select pg_notify($1, $2), (select count(*)::int from pg_stat_activity where datname = current_database() and application_name = $3) as listening',
            [CHANGES_CHANNEL, `${MARKER}${this.#channel}:${batch.nonce}`, FEED_APPLICATION_NAME],
          );
          batch.expected = result.rows[0]!.listening;
          if (batch.answers >= batch.expected) finish();
        } catch {
          // The connection failed: #drop turned the caches off; nothing is served from memory.
          finish();
        }
      }
    } finally {
      this.#sending = false;
    }
  }

  #answered(nonce: string): void {
    const batch = this.#waiting.get(nonce);
    if (!batch) return;
    batch.answers += 1;
    if (batch.expected !== undefined && batch.answers >= batch.expected) {
      this.#waiting.delete(nonce);
      batch.done();
    }
  }

  /**
   * Sends a statement on a listening connection once the statements sent before it there have
   * returned. Probes (requests), markers (writes), answers (other processes' markers) and
   * heartbeats (a timer) start independently, and a connection runs one statement at a time:
   * node-postgres 8 queues a statement sent while another runs, with a deprecation warning, and
   * 9 refuses it. This queue keeps their order as node-postgres' did; a probe or a marker that
   * waits here goes out after its `sentAt`, so what its return proves still holds.
   */
  #send<R extends pg.QueryResultRow = pg.QueryResultRow>(client: pg.Client, text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    const result = (this.#turns.get(client) ?? Promise.resolve()).then(() => client.query<R>(text, values));
    this.#turns.set(client, result.catch(() => undefined));
    return result;
  }

  /** Sends a probe on this process's own channel; it comes back after every announcement committed before it. */
  #probe(): Probe {
    const client = this.#client;
    if (!client || !this.#live) return { sentAt: -Infinity, back: resolved(false), finish: () => undefined };
    const key = String((this.#probeCount += 1));
    const sentAt = performance.now();
    let resolve!: (back: boolean) => void;
    const back = new Promise<boolean>((r) => (resolve = r));
    const timer = setTimeout(() => probe.finish(false), PROBE_DEADLINE_MS);
    const probe: Probe = {
      sentAt,
      back,
      finish: (ok) => {
        if (!this.#probes.delete(key)) return;
        clearTimeout(timer);
        if (ok) this.#provenAt = Math.max(this.#provenAt, sentAt);
        else this.#stats.lateProbes += 1;
        resolve(ok);
      },
    };
    this.#probes.set(key, probe);
    this.#lastProbe = probe;
    this.#stats.probes += 1;
    this.#send(client, 'select pg_notify($1, $2)', [this.#channel, PROBE + key]).catch(() => probe.finish(false));
    return probe;
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
      if (client !== this.#client || !message.payload) return;
      const { payload } = message;
      if (message.channel === this.#channel) {
        if (payload.startsWith(ANSWER)) this.#answered(payload.slice(ANSWER.length));
        else if (payload.startsWith(PROBE)) this.#probes.get(payload.slice(PROBE.length))?.finish(true);
        return;
      }
      if (message.channel !== CHANGES_CHANNEL) return;
      if (payload.startsWith(MARKER)) {
        // Everything announced before the marker has been applied: answer it.
        const marker = payload.slice(MARKER.length);
        const colon = marker.lastIndexOf(':');
        if (colon === -1) {
          // A process of an earlier version: its answers are awaited on the shared channel.
          this.#send(client, 'select pg_notify($1, $2)', [CHANGES_CHANNEL, ANSWER + marker]).catch(() => undefined);
          return;
        }
        const [channel, nonce] = [marker.slice(0, colon), marker.slice(colon + 1)];
        if (channel === this.#channel) {
          // Our own marker, back: no statement needed, and a proof of being current as of its sending.
          const batch = this.#waiting.get(nonce);
          if (batch) this.#provenAt = Math.max(this.#provenAt, batch.sentAt);
          this.#answered(nonce);
          return;
        }
        this.#send(client, 'select pg_notify($1, $2)', [channel, ANSWER + nonce]).catch(() => undefined);
        return;
      }
      // An answer to another process on the shared channel (earlier version): not an announcement.
      if (payload.startsWith(ANSWER)) return;
      this.#generation += 1;
      for (const listener of this.#listeners) listener.change(payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}; listen ${this.#channel}`);
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
    this.#send(client, 'select 1').then(
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
    this.#provenAt = -Infinity;
    for (const probe of [...this.#probes.values()]) probe.finish(false);
    for (const batch of [...this.#waiting.values()]) {
      this.#waiting.delete(batch.nonce);
      batch.done();
    }
    for (const listener of this.#listeners) listener.reset();
    if (was) for (const listener of this.#listeners) listener.state?.('lost', error);
  }
}
