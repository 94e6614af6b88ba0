// `pnpm bench:start [-- --requests 300 --keep]` (issue 23): `pnpm start` on a fresh clone, timed.
// Clones this checkout's HEAD into a temporary directory, runs `pnpm install --frozen-lockfile`
// there (its postinstall builds the API and makes the PGlite template, src/db/pglite-template.ts),
// then times `pnpm start` until GET /api/health answers 200, reads the API's own start-up line
// (each phase's wall and CPU seconds), its resident memory at that moment, after signing in as
// the demo owner and admin and sending `--requests` reads of the screens both apps show, then a
// second `pnpm start` on the same `.data/` (the data kept, nothing loaded again). Prints figures,
// asserts no timing. When ports 3000, 5173 or 5174 are taken (another stack on this machine), it
// runs `pnpm start:api` alone on a free port instead, and says so. Every process it starts is
// stopped before it ends.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../src/paths.js';
import { recordResults } from './bench-results.js';
import { freeLoopbackPort } from './free-port.js';

recordResults('start');

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '300' }, keep: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const REQUESTS = Math.max(10, Number(args.requests) || 300);

const load = () => loadavg()[0]!.toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The environment of a newcomer's shell: no turbo cache shared with other checkouts. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of ['TURBO_CACHE_DIR', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_OWNER_URL', 'NODE_ENV', 'LOG_FORMAT']) delete env[name];
  return env;
}

/** The `node … dist/server.js` process started from `clone`, if any. */
function apiPid(clone: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      // Node itself, not the `sh -c` pnpm runs it through.
      if (/(^|\/)node$/.test(argv[0]!) && argv.includes('dist/server.js') && readlinkSync(`/proc/${entry}/cwd`).startsWith(clone)) {
        return Number(entry);
      }
    } catch {
      // A process that ended meanwhile.
    }
  }
  return undefined;
}

/** Resident and peak memory of a process, MiB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

interface Started {
  child: ChildProcess;
  output: string[];
  healthyMs: number;
  pid: number;
  /** When turbo began the API's start task (its builds done). */
  apiTaskMs: number;
}

async function startStack(clone: string, script: string, env: NodeJS.ProcessEnv, port: number): Promise<Started> {
  const output: string[] = [];
  const begun = performance.now();
  // Its own process group: stopped as one at the end (turbo, pnpm, the API, both Vite servers).
  const child = spawn('pnpm', [script], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let apiTaskMs: number | undefined;
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (apiTaskMs === undefined && text.includes('@terres/api:start:')) apiTaskMs = performance.now() - begun;
  });
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = begun + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pnpm ${script} exited (${child.exitCode}):\n${output.join('').slice(-3000)}`);
    if (performance.now() > deadline) throw new Error(`no healthy API after 300 s:\n${output.join('').slice(-3000)}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const healthyMs = performance.now() - begun;
  const pid = apiPid(clone);
  if (!pid) throw new Error('the API process was not found');
  return { child, output, healthyMs, pid, apiTaskMs: apiTaskMs ?? Number.NaN };
}

async function stopStack(started: Started): Promise<void> {
  if (started.child.exitCode !== null) return;
  const ended = new Promise((resolve) => started.child.once('exit', resolve));
  try {
    process.kill(-started.child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  const timeout = setTimeout(() => {
    try {
      process.kill(-started.child.pid!, 'SIGKILL');
    } catch {
      // Gone.
    }
  }, 15_000);
  await ended;
  clearTimeout(timeout);
  // Turbo's children may outlive it by a moment.
  for (let i = 0; i < 50 && started.pid && existsSync(`/proc/${started.pid}`); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The API's own start-up line (src/server.ts), without the logger's prefix. */
/** Turbo's cache lines (`cache hit, replaying logs` / `cache miss, executing`) for builds. */
function buildLines(output: string[]): string {
  const lines = output.join('').split('\n').filter((text) => /:build: cache (hit|miss)/.test(text));
  return lines.map((text) => text.replace(/^.*?(@terres\/\S+:build): (cache \w+).*$/, '$1 $2')).join(', ') || 'no build';
}

function readyLine(output: string[]): string {
  const line = output.join('').split('\n').find((text) => text.includes('ready ') && text.includes('after the process started'));
  return line ? line.replace(/^.*?(ready )/, '$1').trim() : '(no start-up line found)';
}

async function signIn(base: string, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const requested = await post('/auth/login/magic-link/request', { email });
  if (requested.status !== 202) throw new Error(`code request for ${email}: ${requested.status}`);
  const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { to: string; text: string }[];
  const otp = /(?<!\d)(\d{6})(?!\d)/.exec(outbox.find((mail) => mail.to.includes(email))?.text ?? '')?.[1];
  if (!otp) throw new Error(`no code for ${email} in the dev outbox`);
  const verified = await post('/auth/magic-link/verify', { email, otp });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status}`);
  return ((await verified.json()) as { accessToken: string }).accessToken;
}

/** The reads behind the screens of both apps, round-robin, four at a time. */
async function browse(base: string, count: number): Promise<Record<string, number>> {
  const owner = await signIn(base, 'owner@demo.test');
  const admin = await signIn(base, 'admin@demo.test');
  const reads: [string, string][] = [
    [owner, '/users/me'],
    [owner, '/organizations/me'],
    [owner, '/inquiries?page=1&page_size=25'],
    [owner, '/transfers'],
    [owner, '/invoices'],
    [owner, '/credits/packages'],
    [admin, '/users/me'],
    [admin, '/admin/queues'],
    [admin, '/inquiries?page=1&page_size=25'],
    [admin, '/organizations?page=1&page_size=25'],
    [admin, '/matches'],
    [admin, '/transfers'],
  ];
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const [token, path] = reads[next++ % reads.length]!;
      const response = await fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } });
      await response.arrayBuffer();
      const key = response.ok ? String(response.status) : `${response.status} ${path}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return statuses;
}

async function main(): Promise<void> {
  const head = execFileSync('git', ['-C', repoRoot, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const clone = mkdtempSync(join(tmpdir(), 'terres-start-'));
  console.log(`pnpm start on a fresh clone of ${head} (${clone}); load average ${load()} at the start`);
  const stacks: Started[] = [];
  try {
    const cloneBegun = performance.now();
    execFileSync('git', ['clone', '-q', repoRoot, clone], { stdio: 'inherit' });
    console.log(`git clone: ${seconds(performance.now() - cloneBegun)} s`);
    const installBegun = performance.now();
    const installed = spawnSync('pnpm', ['install', '--frozen-lockfile'], { cwd: clone, env: cleanEnv(), encoding: 'utf8' });
    if (installed.status !== 0) throw new Error(`pnpm install failed:\n${installed.stdout}${installed.stderr}`);
    const install = `${installed.stdout}${installed.stderr}`;
    const template = /PGlite template (made|up to date)[^\n]*/.exec(install)?.[0] ?? '(no template made: see the install output)';
    console.log(`pnpm install --frozen-lockfile (its postinstall included): ${seconds(performance.now() - installBegun)} s, load ${load()}`);
    console.log(`  ${template.replace(clone, '<clone>')}`);

    const whole = (await portFree(3000)) && (await portFree(5173)) && (await portFree(5174));
    const port = whole ? 3000 : await freeLoopbackPort();
    const script = whole ? 'start' : 'start:api';
    if (!whole) console.log(`ports 3000/5173/5174 taken on this machine: \`pnpm start:api\` alone on port ${port} (no Vite servers)`);
    const env = cleanEnv(whole ? {} : { PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;

    const first = await startStack(clone, script, env, port);
    stacks.push(first);
    const atStart = memory(first.pid);
    console.log(`\nfirst pnpm ${script}: API healthy after ${seconds(first.healthyMs)} s (load ${load()})`);
    console.log(`  the API's ${readyLine(first.output)}`);
    console.log(`  turbo began the API's start task after ${seconds(first.apiTaskMs)} s (${buildLines(first.output)})`);
    console.log(`  API resident memory when healthy: ${atStart.rss} MiB`);
    const browseBegun = performance.now();
    const statuses = await browse(base, REQUESTS);
    const afterLoad = memory(first.pid);
    console.log(
      `  after signing in as owner and admin and ${REQUESTS} reads of both apps' screens (${seconds(performance.now() - browseBegun)} s, statuses ${JSON.stringify(statuses)}): ${afterLoad.rss} MiB resident, peak ${afterLoad.peak} MiB`,
    );
    await stopStack(first);

    const second = await startStack(clone, script, env, port);
    stacks.push(second);
    const line = readyLine(second.output);
    const kept = /nothing loaded/.test(second.output.join('')) && /existing/.test(line);
    console.log(`\nsecond pnpm ${script} (same .data/): API healthy after ${seconds(second.healthyMs)} s (load ${load()})`);
    console.log(`  the API's ${line}`);
    console.log(`  turbo began the API's start task after ${seconds(second.apiTaskMs)} s (${buildLines(second.output)})`);
    console.log(`  data kept (the existing database opened, demo data not loaded again): ${kept ? 'yes' : 'NO'}`);
    console.log(`  API resident memory when healthy: ${memory(second.pid).rss} MiB`);
    await stopStack(second);
    if (!kept) process.exitCode = 1;
  } finally {
    for (const stack of stacks) await stopStack(stack);
    if (args.keep) console.log(`clone kept: ${clone}`);
    else rmSync(clone, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
