// Heavy work off the event loop (issue 12, "Bounded work per request"): PDFs and the register's
// XLSX are rendered in worker threads (piscina), so a burst of them no longer stalls every other
// request. Bounded on every side: `threads` renders at once, at most `queue` more wait for a
// thread, and beyond that the request is answered at once with 503 + Retry-After (French detail)
// instead of joining an unbounded backlog; a task over `timeoutMs` (or whose client went away)
// is aborted, its thread replaced. `threads: 0` renders in the calling thread (HEAVY_WORKERS=0),
// for comparison (`bench:heavy`) and debugging; the same bounds apply.
//
// Fair (issue 20): one account flooding its own listing's PDF took every place, and the others'
// PDFs, contracts and exports got 503. Now each account holds at most `perAccount` places
// (running or waiting; one more is a 429 + Retry-After for that account only), and a free thread
// takes the next task round-robin over the accounts that wait, not in arrival order: another
// account's task waits for at most one task of each account ahead of it, never behind a flood.
// The queue is this process's (several API processes each keep their own).
import { fileURLToPath } from 'node:url';
import { messages, PROBLEM_TYPES } from '@terres/domain';
import type { FastifyReply } from 'fastify';
import { Piscina } from 'piscina';
import { problem } from '../http/problem.js';
import type { HeavyTask } from './tasks.js';

export interface HeavyWorkOptions {
  /** Worker threads; 0 renders in the calling thread. */
  threads: number;
  /** Tasks that may wait for a busy thread; one more is a 503. */
  queue: number;
  /** A task taking longer (waiting included) is aborted (503). */
  timeoutMs: number;
  /** Places (running or waiting) one account may hold; one more is a 429. Unset: no per-account bound. */
  perAccount?: number;
}

export interface HeavyRunOptions {
  /** Aborts the task (the client went away: see `clientGone`). */
  signal?: AbortSignal;
  /** Who asked (the signed-in user's id): the unit of the per-account bound and of the turns. */
  account?: string;
}

/** A task waiting for a thread. */
interface Waiting {
  start: () => void;
}

/** The turns of tasks without an account (tests, scripts): one shared line. */
const NO_ACCOUNT = '';

/**
 * The worker's file: `dist/heavy-worker.js` beside the built server (its own tsup entry), or the
 * TypeScript source through tsx's loader when this module itself runs from source (tsx, vitest).
 */
export function heavyWorkerFile(moduleUrl: string = import.meta.url): string {
  return fileURLToPath(new URL(moduleUrl.endsWith('.ts') ? './worker-tsx.mjs' : './heavy-worker.js', moduleUrl));
}

const RETRY_AFTER_MIN_SECONDS = 1;
const RETRY_AFTER_MAX_SECONDS = 60;

export interface HeavyWorkDependencies {
  /** Inline mode's renderer (tests pass one they control); by default ./tasks.ts. */
  inline?: (task: HeavyTask) => Promise<Uint8Array>;
  /** A worker that fails outside a task (cannot start, crashes): logged, never thrown at the process. */
  onError?: (error: unknown) => void;
}

export class HeavyWork {
  readonly #options: HeavyWorkOptions;
  readonly #inlineRunner: ((task: HeavyTask) => Promise<Uint8Array>) | undefined;
  readonly #pool: Piscina<HeavyTask, Uint8Array> | null;
  /** Tasks accepted and not finished (running or waiting). */
  #pending = 0;
  /** Moving average of a task's duration, for Retry-After. */
  #averageMs = 200;
  /** Tasks rendering now (at most `slots`). */
  #running = 0;
  /** Waiting tasks per account; the map's order is the order of the turns (round-robin). */
  readonly #waiting = new Map<string, Waiting[]>();
  /** Places held (running or waiting) per account. */
  readonly #held = new Map<string, number>();

  constructor(options: HeavyWorkOptions, dependencies: HeavyWorkDependencies = {}) {
    this.#options = options;
    this.#inlineRunner = dependencies.inline;
    this.#pool =
      options.threads > 0
        ? new Piscina<HeavyTask, Uint8Array>({
            filename: heavyWorkerFile(),
            name: 'default',
            minThreads: options.threads,
            maxThreads: options.threads,
            // Our own line holds the waiting tasks (fair turns, `run`): piscina is handed at most
            // `threads` at once, which wait in its queue only while a thread is being replaced.
            maxQueue: Math.max(1, options.threads),
            idleTimeout: 60_000,
            // A runaway document cannot take the process's memory with it.
            resourceLimits: { maxOldGenerationSizeMb: 512 },
          })
        : null;
    // Unhandled, a pool's 'error' event would end the process; piscina replaces the thread.
    this.#pool?.on('error', (error: unknown) => (dependencies.onError ?? console.error)(error));
  }

  /** Running and waiting tasks (for tests and logs). */
  get pending(): number {
    return this.#pending;
  }

  /** Live worker threads (0 in inline mode). */
  get threads(): number {
    return this.#pool?.threads.length ?? 0;
  }

  get capacity(): number {
    return Math.max(1, this.#options.threads) + this.#options.queue;
  }

  /** Tasks allowed to render at once: the threads, or one in inline mode. */
  get slots(): number {
    return Math.max(1, this.#options.threads);
  }

  /** Places held by `account` (running or waiting). */
  heldBy(account: string): number {
    return this.#held.get(account) ?? 0;
  }

  /**
   * Renders `task`; 429 (Retry-After) when `account` already holds its `perAccount` places; 503
   * (Retry-After) when every thread is busy and the queue is full, or on timeout.
   */
  async run(task: HeavyTask, options: HeavyRunOptions = {}): Promise<Buffer> {
    const account = options.account ?? NO_ACCOUNT;
    const perAccount = this.#options.perAccount;
    if (account !== NO_ACCOUNT && perAccount !== undefined && this.heldBy(account) >= perAccount) throw this.#tooMany(account);
    if (this.#pending >= this.capacity) throw this.#busy();
    this.#pending += 1;
    this.#held.set(account, this.heldBy(account) + 1);
    const started = performance.now();
    const timeout = AbortSignal.timeout(this.#options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let admitted = false;
    try {
      await this.#turn(account, signal);
      admitted = true;
      let bytes: Uint8Array;
      if (this.#pool) {
        bytes = await this.#pool.run(task, { signal });
      } else {
        // In the calling thread: the same tasks, loaded on first use; one at a time like one thread.
        bytes = await this.#inline(task, signal);
      }
      this.#averageMs = this.#averageMs * 0.8 + (performance.now() - started) * 0.2;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (timeout.aborted) throw this.#busy();
      throw error;
    } finally {
      this.#pending -= 1;
      const held = this.heldBy(account) - 1;
      if (held > 0) this.#held.set(account, held);
      else this.#held.delete(account);
      if (admitted) {
        this.#running -= 1;
        this.#next();
      }
    }
  }

  /** Resolves when the task may render: at once if a slot is free and nobody waits, else at its account's turn. */
  #turn(account: string, signal: AbortSignal): Promise<void> {
    if (this.#running < this.slots && this.#waiting.size === 0) {
      this.#running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const entry: Waiting = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      // Given up while waiting (timeout, client gone): out of the line, its place freed by `run`.
      const onAbort = () => {
        const line = this.#waiting.get(account);
        const index = line ? line.indexOf(entry) : -1;
        if (line && index >= 0) {
          line.splice(index, 1);
          if (line.length === 0) this.#waiting.delete(account);
        }
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const line = this.#waiting.get(account);
      if (line) line.push(entry);
      else this.#waiting.set(account, [entry]);
    });
  }

  /** A slot is free: the account first in turn starts its oldest task and goes to the back of the line. */
  #next(): void {
    while (this.#running < this.slots && this.#waiting.size > 0) {
      const [account, line] = this.#waiting.entries().next().value as [string, Waiting[]];
      this.#waiting.delete(account);
      const entry = line.shift()!;
      if (line.length > 0) this.#waiting.set(account, line);
      this.#running += 1;
      entry.start();
    }
  }

  async #inline(task: HeavyTask, signal: AbortSignal): Promise<Uint8Array> {
    signal.throwIfAborted();
    if (this.#inlineRunner) return this.#inlineRunner(task);
    const { runHeavyTask } = await import('./tasks.js');
    return runHeavyTask(task);
  }

  /** 429 for the account at its bound: Retry-After from its own tasks and the accounts in turn. */
  #tooMany(account: string) {
    const seconds = Math.ceil((this.#averageMs * (this.heldBy(account) + this.#waiting.size)) / this.slots / 1000);
    const retryAfter = Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(RETRY_AFTER_MIN_SECONDS, seconds));
    return problem(429, messages.heavyWorkPerAccount, { type: PROBLEM_TYPES.rateLimited, headers: { 'retry-after': String(retryAfter) } });
  }

  #busy() {
    const threads = Math.max(1, this.#options.threads);
    const seconds = Math.ceil((this.#averageMs * (this.#pending / threads + 1)) / 1000);
    const retryAfter = Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(RETRY_AFTER_MIN_SECONDS, seconds));
    return problem(503, messages.serverBusy, { headers: { 'retry-after': String(retryAfter) } });
  }

  async close(): Promise<void> {
    await this.#pool?.destroy();
  }
}

/** Aborted when the client closes the connection before its answer is sent: its task is dropped. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
