// The real entry point (src/server.ts under tsx, as `pnpm --filter @terres/api dev` runs it) in
// a child process of its own, with only the environment it is given: for the graceful stop and
// for several API processes on one database (issue 13). Its JSON log lines are collected.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { OVERLAP_WARNING, pgOverlaps } from './pg-overlap.js';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Server {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Every JSON log line so far. */
  lines: { msg?: string; [key: string]: unknown }[];
  /** Resolves when a line whose message starts with this (and that `also` accepts) appears. */
  logged(message: string, also?: (line: Server['lines'][number]) => boolean): Promise<void>;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it has. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `src/server.ts` with `env` (PORT 0 picks a free port) and resolves once it listens. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  // --trace-deprecation: a deprecation warning on its stderr comes with the stack of its call.
  const child = spawn(process.execPath, ['--trace-deprecation', '--import', 'tsx', 'src/server.ts'], {
    cwd: packageRoot,
    // Only what the server needs: nothing of the test runner's environment leaks in.
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Server['lines'] = [];
  const waiters: { accepts: (line: Server['lines'][number]) => boolean; resolve: () => void }[] = [];
  let buffer = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) !== -1) {
      const text = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      try {
        const line = JSON.parse(text) as Server['lines'][number];
        lines.push(line);
        for (const waiter of waiters.filter((w) => w.accepts(line))) waiter.resolve();
      } catch {
        // not a log line
      }
    }
  });
  let stderr = '';
  let overlapped = false;
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    // The server's own overlapping queries fail the test too (test/setup.ts).
    if (!overlapped && stderr.includes(OVERLAP_WARNING)) {
      overlapped = true;
      pgOverlaps.push(new Error(`in the server process (its stderr):\n${stderr.slice(stderr.indexOf(OVERLAP_WARNING))}`));
    }
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const logged = (message: string, also: (line: Server['lines'][number]) => boolean = () => true) => {
    const accepts = (line: Server['lines'][number]) => line.msg?.startsWith(message) === true && also(line);
    return lines.some(accepts)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiters.push({ accepts, resolve });
          void exited.then((code) => reject(new Error(`server exited (${code}) before logging "${message}": ${stderr}`)));
        });
  };
  await logged('Server listening at');
  const listening = lines.find((line) => line.msg?.startsWith('Server listening at'))!.msg!;
  const port = Number(/:(\d+)$/.exec(listening)![1]);
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { child, port, url: `http://127.0.0.1:${port}`, lines, logged, exited, stop };
}
