// The benchmarks' results file, as the API's (apps/api/scripts/bench-results.ts): each run appends
// what it printed to `bench/results/<name>.md` of this package when it ends: the date, the
// command, the machine's cores and load average, the exit code, then its standard output.
// `BENCH_RESULTS=0` prints without recording.
import { appendFileSync, mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where `name`'s runs are recorded. */
export const resultsFile = (name: string): string => join(packageRoot, 'bench', 'results', `${name}.md`);

/** Call once, first thing: from then on what the process prints is also kept for its results file. */
export function recordResults(name: string): void {
  if (process.env.BENCH_RESULTS === '0') return;
  const started = new Date();
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  const printed: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;

  process.on('exit', (code) => {
    const args = process.argv.slice(2).filter((arg) => arg !== '--');
    const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(0);
    const when = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const output = stripVTControlCharacters(printed.join('')).trimEnd();
    const section = [
      '',
      `## ${when}: \`bench:${name}${args.length > 0 ? ` -- ${args.join(' ')}` : ''}\``,
      '',
      `${availableParallelism()} cores, load average ${load} at the start; exit code ${code}; ${seconds} s.`,
      '',
      '```text',
      output.replace(/```/g, "'''"),
      '```',
      '',
    ].join('\n');
    const file = resultsFile(name);
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, section);
    write(`\nrecorded in ${file}\n`);
  });
}
