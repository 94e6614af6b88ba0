// Per-IP limits on code requests and code checks (CONTRACT §6): a sliding window kept in this
// process's memory. One API process per deployment is the supported set-up; several processes
// would each count on their own (a shared store is the change to make then).
import { problem } from '../http/problem.js';

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit for `key`, or throws a 429 problem with `Retry-After` when over the limit. */
  hit(key: string, now = Date.now()): void {
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
      this.hits.set(key, recent);
      throw problem(429, 'Trop de tentatives depuis votre connexion. Veuillez réessayer plus tard.', {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) if (times.every((at) => at <= since)) this.hits.delete(key);
  }
}
