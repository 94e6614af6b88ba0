// Each benchmark of the console appends what it printed to `bench/results/<name>.md`: the date,
// the command, the machine's cores and load average, the exit code, then its standard output as
// printed (issue 17: no terminal copied into a README). `BENCH_RESULTS=0` prints without recording.
// The API's benchmarks do the same (apps/api/scripts/bench-results.ts).
import { appendFileSync, mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** Where `name`'s runs are recorded. */
export const resultsFile = (name) => join(import.meta.dirname, 'results', `${name}.md`);

/**
 * Call once, first thing: from then on what the process prints is also kept. The run is written
 * by `save()` (a Playwright `afterAll`), or at the process's exit when nothing saved it.
 */
export function recordResults(name, command = `bench:${name}`) {
  if (process.env.BENCH_RESULTS === '0') return { save() {} };
  const started = new Date();
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  const printed = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return write(chunk, ...rest);
  };
  let saved = false;
  const save = (code = 0) => {
    if (saved) return;
    saved = true;
    const args = process.argv.slice(2).filter((arg) => arg !== '--');
    const when = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(0);
    const output = stripVTControlCharacters(printed.join('')).trimEnd().replace(/```/g, "'''");
    const section = [
      '',
      `## ${when}: \`${command}${args.length > 0 ? ` -- ${args.join(' ')}` : ''}\``,
      '',
      `${availableParallelism()} cores, load average ${load} at the start; exit code ${code}; ${seconds} s.`,
      '',
      '```text',
      output,
      '```',
      '',
    ].join('\n');
    const file = resultsFile(name);
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, section);
    write(`\nrecorded in ${file}\n`);
  };
  process.on('exit', (code) => save(code));
  return { save };
}
