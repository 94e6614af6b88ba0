// Child processes that never outlive the test run. Each command runs under a small guard process
// (`node -e`), in a process group of its own, reading a pipe from us: when we close it, or when we
// die in any way (even SIGKILL: the kernel closes the pipe), the guard stops the command with
// SIGTERM, then SIGKILL after a grace period. A terminal's Ctrl-C does not reach the group: the
// runner's teardown stops it in order (API first, then the database it uses).
import { spawn, type ChildProcess } from 'node:child_process';

const GUARD = `
const { spawn } = require('node:child_process');
const [command, ...args] = process.argv.slice(1);
const grace = Number(process.env.TERRES_GUARD_GRACE_MS || 5000);
delete process.env.TERRES_GUARD_GRACE_MS;
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), grace).unref();
};
process.stdin.on('data', () => {});
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.on('error', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('SIGHUP', stop);
child.on('error', (error) => { console.error(error.message); process.exit(127); });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
`;

export interface GuardedProcess {
  name: string;
  pid: number;
  /** Resolves with the exit code when the command has ended (whoever ended it). */
  exited: Promise<number>;
  /** Whether it has ended. */
  readonly done: boolean;
  /** The last lines it printed (stdout and stderr), for error messages. */
  output(): string;
  /** Stops it (SIGTERM, then SIGKILL after `graceMs`) and waits for the end. */
  stop(graceMs?: number): Promise<number>;
}

/** Guard process groups still alive: killed synchronously if this process exits without teardown. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const guard of live) {
      try {
        if (guard.pid) process.kill(-guard.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

export interface SpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Copies each line of output to this (e.g. the console with a prefix); always kept for errors. */
  onLine?: (line: string) => void;
  graceMs?: number;
}

const KEPT_LINES = 200;

export function spawnGuarded(name: string, command: string, args: string[], options: SpawnOptions): GuardedProcess {
  installExitHook();
  const guard = spawn(process.execPath, ['-e', GUARD, '--', command, ...args], {
    cwd: options.cwd,
    env: { ...options.env, TERRES_GUARD_GRACE_MS: String(options.graceMs ?? 5000) },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(guard);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      options.onLine?.(line);
    }
  };
  guard.stdout?.on('data', collect);
  guard.stderr?.on('data', collect);
  // A closed pipe (the guard already gone) must not crash us.
  guard.stdin?.on('error', () => {});

  let done = false;
  const exited = new Promise<number>((resolve) => {
    guard.on('exit', (code, signal) => {
      done = true;
      live.delete(guard);
      resolve(code ?? (signal ? 128 : 1));
    });
    guard.on('error', (error) => {
      lines.push(`${name}: ${error.message}`);
      done = true;
      live.delete(guard);
      resolve(127);
    });
  });

  return {
    name,
    pid: guard.pid ?? -1,
    exited,
    get done() {
      return done;
    },
    output: () => lines.join('\n'),
    async stop(graceMs = options.graceMs ?? 5000) {
      if (done) return exited;
      guard.stdin?.end();
      const timer = setTimeout(() => {
        try {
          if (guard.pid) process.kill(-guard.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, graceMs + 2000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
