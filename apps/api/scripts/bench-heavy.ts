// `pnpm --filter @terres/api bench:heavy [-- --parallel 8 --rounds 4 --legacy-lines 2000 --workers 1 --queue 16 --dist]`
// Heavy work must not stall every other request (issue 12). Starts the API as its own process
// (`tsx src/server.ts`, or `node dist/server.js` with --dist: build first) on a fresh database of
// the local PostgreSQL server (TEST_DATABASE_URL's server, or 127.0.0.1:5432), signs an owner in
// through the real code e-mail (a loopback SMTP server), creates the largest listing the limits
// allow (50 material lines, 500 parcels, every text at its maximum), then fires `--parallel`
// summary PDFs of it at once, `--rounds` times, while a probe calls `GET /api/health` every few
// milliseconds. Prints the health latency (p50 / p99 / max) at rest and under load, the PDFs'
// latency and statuses (200, or 503 when the render queue is full). `--legacy-lines N` adds a
// listing written straight into the database with N lines, as rows stored before the limits
// may be (the 11 000 lines): the case the worker pool exists for. `--flood N` (issue 20)
// then runs N parallel loops of one account on its own PDF for `--flood-seconds` while a second
// account asks for its PDF one after the other: that account's statuses and latency, the
// flooder's statuses (429 past HEAVY_PER_ACCOUNT, `--per-account`). Prints, asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { packageRoot } from '../src/paths.js';
import { freeLoopbackPort } from './free-port.js';
import { largestListingFields, materialLines } from '../test/helpers/largest-listing.js';
import { codeOf, startSmtp } from '../test/helpers/smtp.js';
import { percentile, sleep } from './bench-helpers.js';
import { recordResults } from './bench-results.js';

recordResults('heavy');

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    parallel: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '4' },
    'legacy-lines': { type: 'string', default: '0' },
    'probe-ms': { type: 'string', default: '5' },
    dist: { type: 'boolean', default: false },
    // Passed to the API as HEAVY_WORKERS / HEAVY_QUEUE (unset: its defaults). 0 workers renders
    // in the request's thread, as before the pool: the comparison.
    workers: { type: 'string' },
    queue: { type: 'string' },
    'per-account': { type: 'string' },
    flood: { type: 'string', default: '0' },
    'flood-seconds': { type: 'string', default: '10' },
    port: { type: 'string' },
  },
});

const PARALLEL = Math.max(1, Number(args.parallel) || 8);
const ROUNDS = Math.max(1, Number(args.rounds) || 4);
const LEGACY_LINES = Math.max(0, Number(args['legacy-lines']) || 0);
const PROBE_MS = Math.max(1, Number(args['probe-ms']) || 5);
const FLOOD = Math.max(0, Number(args.flood) || 0);
const FLOOD_SECONDS = Math.max(1, Number(args['flood-seconds']) || 10);
const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');


const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const stats = (values: readonly number[]) =>
  `n=${String(values.length).padStart(5)}  p50 ${ms(percentile(values, 50))}  p99 ${ms(percentile(values, 99))}  max ${ms(Math.max(...values))}`;

async function freePort(): Promise<number> {
  if (args.port) return Number(args.port);
  return freeLoopbackPort();
}

async function main(): Promise<void> {
  const name = `bourse_bench_heavy_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(server);
  databaseUrl.pathname = `/${name}`;
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), 'bourse-bench-heavy-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  try {
    const dist = join(packageRoot, 'dist', 'server.js');
    if (args.dist && !existsSync(dist)) throw new Error('dist/server.js is missing: run `pnpm --filter @terres/api build` first');
    const command = args.dist ? [process.execPath, '--enable-source-maps', dist] : [process.execPath, '--import', 'tsx', join(packageRoot, 'src', 'server.ts')];
    child = spawn(command[0]!, command.slice(1), {
      cwd: packageRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        ADMIN_EMAILS: 'admin@bench.test',
        DEMO_DATA: '0',
        OTP_REQUESTS_PER_IP: '1000',
        OTP_CHECKS_PER_IP: '1000',
        ...(args.workers !== undefined ? { HEAVY_WORKERS: args.workers } : {}),
        ...(args.queue !== undefined ? { HEAVY_QUEUE: args.queue } : {}),
        ...(args['per-account'] !== undefined ? { HEAVY_PER_ACCOUNT: args['per-account'] } : {}),
      },
    });
    const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`the API exited (${code})`))));
    const started = performance.now();
    for (;;) {
      const ok = await Promise.race([
        fetch(`${base}/api/health`).then((r) => r.ok, () => false),
        exited,
      ]);
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error('the API did not become healthy in 120 s');
      await sleep(200);
    }
    const mode = args.workers === '0' ? 'renders in the request thread' : `HEAVY_WORKERS=${args.workers ?? 'default'}`;
    console.log(`API (${args.dist ? 'dist' : 'tsx'}, ${mode}, HEAVY_QUEUE=${args.queue ?? 'default'}, HEAVY_PER_ACCOUNT=${args['per-account'] ?? 'default'}) healthy on ${base} after ${((performance.now() - started) / 1000).toFixed(1)} s, database ${name}`);

    // An owner, signed in as a user would be: code by e-mail, profile, organisation.
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    };
    const signIn = async (email: string, name: string, siret: string) => {
      await call('POST', '/auth/register/magic-link/request', { email });
      const code = codeOf(await smtp.waitForMessage(email, (m) => /\d{6}/.test(m.text)));
      const session = await call('POST', '/auth/magic-link/verify', { email, otp: code });
      const accessToken = session.accessToken as string;
      await call('PUT', '/users/me', { first_name: 'Camille', last_name: 'Martin', phone_number: '06 12 34 56 78' }, accessToken);
      await call(
        'POST',
        '/organizations',
        { name, registration_number: siret, legal_form: 'SAS', street: '12 rue du Rhône', postcode: '68100', city: 'Mulhouse', country: 'France' },
        accessToken,
      );
      return accessToken;
    };
    const token = await signIn('owner@bench.test', 'Terrassements du Ried', '73282932000074');
    const listing = await call('POST', '/inquiries', { type: 'CUT', ...largestListingFields() }, token);
    const listings: { label: string; id: string }[] = [{ label: 'largest allowed (50 lines, 500 parcels)', id: listing.id as string }];
    if (LEGACY_LINES > 0) {
      const legacy = await call('POST', '/inquiries', { type: 'CUT', project_name: 'Annonce ancienne' }, token);
      const lines = materialLines(LEGACY_LINES).map((line) => ({
        materialName: line.material_name,
        groundComposition: line.ground_composition,
        quantity: line.quantity,
        price: line.price,
        qualityClass: line.quality_class,
        wasteCode: line.waste_code,
      }));
      const db = new pg.Client({ connectionString: databaseUrl.toString() });
      await db.connect();
      await db.query('update inquiries set materials = $1::jsonb where id = $2', [JSON.stringify(lines), legacy.id]);
      await db.end();
      listings.push({ label: `stored before the limits (${LEGACY_LINES} lines)`, id: legacy.id as string });
    }

    const pdf = async (id: string, as: string = token) => {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/v1/inquiries/${id}/pdf`, { headers: { authorization: `Bearer ${as}` } });
      const bytes = (await response.arrayBuffer()).byteLength;
      return { status: response.status, ms: performance.now() - t0, bytes, retryAfter: response.headers.get('retry-after') };
    };

    const probe = async (stop: () => boolean) => {
      const latencies: number[] = [];
      while (!stop()) {
        const t0 = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        await sleep(PROBE_MS);
      }
      return latencies;
    };

    // Warm-up (fonts, code paths), then health at rest.
    for (const { id } of listings) await pdf(id);
    let resting = true;
    const atRest = probe(() => !resting);
    await sleep(2000);
    resting = false;
    console.log(`\n/api/health at rest             ${stats(await atRest)}`);

    for (const { label, id } of listings) {
      const single = await pdf(id);
      console.log(`\n${label}: one PDF alone ${ms(single.ms)}, ${(single.bytes / 1024).toFixed(0)} KiB`);
      let loading = true;
      const probing = probe(() => !loading);
      const results: Awaited<ReturnType<typeof pdf>>[] = [];
      const t0 = performance.now();
      for (let round = 0; round < ROUNDS; round += 1) {
        results.push(...(await Promise.all(Array.from({ length: PARALLEL }, () => pdf(id)))));
      }
      const wall = performance.now() - t0;
      loading = false;
      const health = await probing;
      const byStatus = new Map<number, number>();
      for (const result of results) byStatus.set(result.status, (byStatus.get(result.status) ?? 0) + 1);
      const statuses = [...byStatus].map(([status, count]) => `${count} x ${status}`).join(', ');
      console.log(`  ${ROUNDS} rounds of ${PARALLEL} parallel PDFs in ${(wall / 1000).toFixed(2)} s: ${statuses}`);
      const ok = results.filter((r) => r.status === 200).map((r) => r.ms);
      if (ok.length > 0) console.log(`  PDF latency (200)             ${stats(ok)}`);
      console.log(`  /api/health during them       ${stats(health)}`);
    }

    if (FLOOD > 0) {
      // Issue 20: one account's loops on its own PDF must not turn another account's into 503s.
      const otherToken = await signIn('other@bench.test', 'Remblais de la Hardt', '35600000000048');
      const otherListing = (await call('POST', '/inquiries', { type: 'FILL', ...largestListingFields() }, otherToken)).id as string;
      const floodId = listings[0]!.id;
      const until = performance.now() + FLOOD_SECONDS * 1000;
      const flooded: Awaited<ReturnType<typeof pdf>>[] = [];
      const loops = Array.from({ length: FLOOD }, async () => {
        while (performance.now() < until) {
          const result = await pdf(floodId);
          flooded.push(result);
          // A client honouring Retry-After would wait; a flood does not (a few ms, not to spin).
          if (result.status !== 200) await sleep(5);
        }
      });
      const other: Awaited<ReturnType<typeof pdf>>[] = [];
      await sleep(500);
      while (performance.now() < until) other.push(await pdf(otherListing, otherToken));
      await Promise.all(loops);
      const count = (results: { status: number }[]) => {
        const byStatus = new Map<number, number>();
        for (const result of results) byStatus.set(result.status, (byStatus.get(result.status) ?? 0) + 1);
        return [...byStatus].map(([status, n]) => `${n} x ${status}`).join(', ');
      };
      console.log(`\nflood: ${FLOOD} parallel loops of one account on its own PDF for ${FLOOD_SECONDS} s`);
      console.log(`  flooder's answers             ${count(flooded)}`);
      console.log(`  other account's answers       ${count(other)}`);
      const ok = other.filter((r) => r.status === 200).map((r) => r.ms);
      if (ok.length > 0) console.log(`  other account's PDF (200)     ${stats(ok)}`);
    }
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    await smtp.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
