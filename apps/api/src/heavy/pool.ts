// Heavy work off the event loop (issue 12, "Bounded work per request"): PDFs and the register's
// XLSX are rendered in worker threads (piscina), so a burst of them no longer stalls every other
// request. Bounded on every side: `threads` renders at once, at most `queue` more wait for a
// thread, and beyond that the request is answered at once with 503 + Retry-After (French detail)
// instead of joining an unbounded backlog; a task over `timeoutMs` (or whose client went away)
// is aborted, its thread replaced. `threads: 0` renders in the calling thread (HEAVY_WORKERS=0),
// for comparison (`bench:heavy`) and debugging; the same bounds apply.
import { fileURLToPath } from 'node:url';
import { messages } from '@terres/domain';
import type { FastifyReply } from 'fastify';
import { Piscina } from 'piscina';
import { problem } from '../http/problem.js';
import type { HeavyTask } from './tasks.js';

export interface HeavyWorkOptions {
  /** Worker threads; 0 renders in the calling thread. */
  threads: number;
  /** Tasks that may wait for a busy thread; one more is a 503. */
  queue: number;
  /** A task taking longer is aborted (503). */
  timeoutMs: number;
}

export interface HeavyRunOptions {
  /** Aborts the task (the client went away: see `clientGone`). */
  signal?: AbortSignal;
}

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
  /** Inline mode (no threads): tasks run one after the other, as on one thread. */
  #chain: Promise<unknown> = Promise.resolve();

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
            // The pool never queues beyond our own bound (checked in `run`).
            maxQueue: Math.max(1, options.queue),
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

  /** Renders `task`; 503 (Retry-After) when every thread is busy and the queue is full, or on timeout. */
  async run(task: HeavyTask, options: HeavyRunOptions = {}): Promise<Buffer> {
    if (this.#pending >= this.capacity) throw this.#busy();
    this.#pending += 1;
    const started = performance.now();
    const timeout = AbortSignal.timeout(this.#options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
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
    }
  }

  #inline(task: HeavyTask, signal: AbortSignal): Promise<Uint8Array> {
    const next = this.#chain.then(async () => {
      signal.throwIfAborted();
      if (this.#inlineRunner) return this.#inlineRunner(task);
      const { runHeavyTask } = await import('./tasks.js');
      return runHeavyTask(task);
    });
    this.#chain = next.catch(() => undefined);
    return next;
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
