// What the benchmark scripts share: their statistics and the processes they measure (each a
// process of its own, never the one that drives the load, which would steal its CPU).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { packageRoot } from '../src/paths.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** The median of `values` (the mean of the middle two for an even count); NaN when there are none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface Started {
  child: ChildProcess;
  /** Rejects when the process exits, with the end of its log. */
  exited: Promise<never>;
}

/**
 * A process of its own in the API's folder, with only PATH and `env`. It writes its log to
 * `logFile` itself, as production's goes to a collector of its own, not through the process
 * that drives the load (measured 2026-11-28: the ratios the same as through a pipe).
 */
export function startProcess(command: string[], env: NodeJS.ProcessEnv, logFile: string): Started {
  const log = openSync(logFile, 'w');
  const child = spawn(command[0]!, command.slice(1), { cwd: packageRoot, stdio: ['ignore', log, log], env: { PATH: process.env.PATH, ...env } });
  closeSync(log);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited (${code}); its output:\n${readFileSync(logFile, 'utf8').slice(-3000)}`))),
  );
  exited.catch(() => {});
  return { child, exited };
}

/** Until `url` answers 2xx (120 s at most), or the process exits. */
export async function waitFor(url: string, started: Started): Promise<void> {
  const since = performance.now();
  for (;;) {
    const ok = await Promise.race([fetch(url).then((r) => r.ok, () => false), started.exited]);
    if (ok) return;
    if (performance.now() - since > 120_000) throw new Error(`${url} did not answer in 120 s`);
    await sleep(200);
  }
}

/** SIGTERM, then until it has exited. */
export async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return;
  started.child.kill('SIGTERM');
  await new Promise((resolve) => started.child.once('exit', resolve));
}
