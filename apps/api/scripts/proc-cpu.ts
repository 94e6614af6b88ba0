// What a benchmark's server processes cost in CPU, read from /proc (Linux only): a process's
// ticks, and those of the PostgreSQL backends serving one database, while a measure runs. CPU
// per request moves much less with the machine's load than latency does (bench:api, bench:transfers).
import { readdirSync, readFileSync } from 'node:fs';

export const TICKS_PER_SECOND = 100; // USER_HZ: /proc/<pid>/stat counts CPU in 1/100 s on Linux

/** CPU ticks (user + system) of one process, or 0 when it is gone. */
export function cpuTicks(pid: number): number {
  try {
    // Fields after the command name (in parentheses, which may hold spaces): utime is the 14th field.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Resident memory of one process, in MiB. */
export function residentMiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** CPU ticks of each PostgreSQL backend connected to `database` (this benchmark's only), by pid. */
function databaseTicks(database: string): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (command.startsWith('postgres: ') && command.includes(` ${database} `)) ticks.set(Number(entry), cpuTicks(Number(entry)));
  }
  return ticks;
}

/**
 * Follows the database's backends while `run` goes on (a pool may close idle connections and
 * open new ones meanwhile: each is read every 200 ms, its last reading counts) and returns
 * the CPU ticks they spent.
 */
export async function databaseTicksDuring<T>(database: string, run: () => Promise<T>): Promise<{ result: T; ticks: number }> {
  const start = databaseTicks(database);
  const last = new Map(start);
  const sample = () => {
    for (const [pid, ticks] of databaseTicks(database)) last.set(pid, ticks);
  };
  const timer = setInterval(sample, 200);
  try {
    const result = await run();
    sample();
    let ticks = 0;
    for (const [pid, value] of last) ticks += value - (start.get(pid) ?? 0);
    return { result, ticks };
  } finally {
    clearInterval(timer);
  }
}
