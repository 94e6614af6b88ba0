// `pnpm --filter @terres/api bench:transfers [-- --loads 5000 --reads 60 (0: no opening) --clients 20 --per-client 25
//   --dist --profile <dir> --statements]`
// Transfers on site (issue 18), over real HTTP on a fresh PostgreSQL database (created on
// TEST_DATABASE_URL's server, dropped at the end). Like bench:api, the API and the minimal
// ceiling are two processes of their own, never this one (the 20 clients would steal their CPU):
// the API as in production (`tsx src/server.ts`, or `node dist/server.js` with --dist: build
// first; NODE_ENV=production, read caches on, JSON logs at `info` to a file), the ceiling
// `scripts/bench-api-ceiling.ts`. Both start before anything is measured.
//   1. a transfer with 5 000 loads (every status, weighed and estimated, two waste codes): what
//      opening it costs in the portal and the console: GET /transfers/{id} (balance from the
//      5 000 loads, parties, documents) and the first page of its loads, p50 / p95 / max;
//   2. recording a load under 20 parallel site managers (each POST /transfers/{id}/loads with
//      its own Idempotency-Key): each on the transfer of its own site (20 transfers, what 20 site
//      managers are), then all on the 5 000-load transfer (the worst case: they queue on its row
//      lock), p50 / p95 / max;
//   3. the minimal ceiling (HS256 check + one SELECT by id) under the same 20 clients, measured
//      before and after the recordings (the load moves), and the ratio of each p95 to the p95 of
//      both ceiling rounds together.
// Targets of issue 18: opening under 1 s p95, recording under 50 ms p95. Prints the machine's
// load average at each step, asserts nothing. `--profile <dir>`: the API runs with --cpu-prof
// and writes its V8 CPU profile there when it stops. `--statements`: the API preloads
// scripts/profile-statements.mjs, and each recording round prints every statement's count, p50,
// p95 and total time as the API waited for it (lock waits included) and the pool checkouts.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openSession } from '../src/auth/sessions.js';
import { createDatabase } from '../src/db/index.js';
import { systemScope } from '../src/db/scope.js';
import { carriers, inquiries, matches, organizations, transfers, users } from '../src/db/schema.js';
import { loadConfig } from '../src/env.js';
import { packageRoot } from '../src/paths.js';
import { createTestDatabase } from '../test/helpers/database.js';
import { freeLoopbackPort } from './free-port.js';
import { cpuTicks, databaseTicksDuring, TICKS_PER_SECOND } from './proc-cpu.js';
import { percentile, startProcess, stop, waitFor, type Started } from './bench-helpers.js';
import { recordResults } from './bench-results.js';

recordResults('transfers');

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    loads: { type: 'string', default: '5000' },
    reads: { type: 'string', default: '60' },
    clients: { type: 'string', default: '20' },
    'per-client': { type: 'string', default: '25' },
    dist: { type: 'boolean', default: false },
    profile: { type: 'string' },
    statements: { type: 'boolean', default: false },
  },
});
const LOADS = Number(args.loads);
const READS = Number(args.reads);
const CLIENTS = Number(args.clients);
const PER_CLIENT = Number(args['per-client']);

/** The commit measured (with `+` when the API's code or scripts differ from it), or '?' outside git. */
function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: packageRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'scripts', 'drizzle', '../../packages'], { cwd: packageRoot, encoding: 'utf8' }).trim() !== '';
    return `${head}${dirty ? '+' : ''}`;
  } catch {
    return '?';
  }
}

/** The machine's load average (1, 5, 15 minutes): the runs share 2 cores with others. */
const load = () => `load ${loadavg().map((value) => value.toFixed(1)).join(' ')}`;

const ms = (value: number) => `${value.toFixed(1)} ms`;
function line(name: string, times: readonly number[], statuses: readonly number[], extra = ''): { p95: number } {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  const tally = [...counts].map(([status, n]) => `${n} x ${status}`).join(', ');
  const p95 = percentile(times, 95);
  console.log(`${name.padEnd(46)} n=${String(times.length).padEnd(4)} p50 ${ms(percentile(times, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}  max ${ms(Math.max(...times)).padStart(9)}  [${tally}]${extra}`);
  return { p95 };
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, bytes: text.length };
}

async function main(): Promise<void> {
  const fresh = await createTestDatabase();
  const adminEmail = `admin.${randomBytes(4).toString('hex')}@bench.test`;
  const secret = randomBytes(32).toString('hex');
  const workDir = mkdtempSync(join(tmpdir(), 'bourse-bench-transfers-'));
  const config = loadConfig({ DATABASE_URL: fresh.url, AUTH_SECRET: secret, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, {});
  const database = await createDatabase(config, { unscoped: systemScope('scripts') });
  let reference: Started | undefined;
  let server: Started | undefined;
  try {
    await database.migrate();
    const { db } = database;
    // ── setup, in SQL: two organisations, their users, an accepted match and its transfer ──
    const [cutOrg, fillOrg] = await db
      .insert(organizations)
      .values([
        { name: 'Terrassements du Banc', registrationNumber: '73282932000074', legalForm: 'SAS', street: '1 rue du Banc', postcode: '68100', city: 'Mulhouse', country: 'France' },
        { name: 'Remblais du Banc', registrationNumber: '35600000000048', legalForm: 'SAS', street: '2 rue du Banc', postcode: '68200', city: 'Mulhouse', country: 'France' },
      ])
      .returning();
    const [cutOwner, cutEmployee, fillOwner, admin] = await db
      .insert(users)
      .values([
        { email: `cut.${randomBytes(3).toString('hex')}@bench.test`, role: 'OWNER', firstName: 'Camille', lastName: 'Martin', organizationId: cutOrg!.id },
        { email: `chef.${randomBytes(3).toString('hex')}@bench.test`, role: 'EMPLOYEE', firstName: 'Lucas', lastName: 'Bernard', organizationId: cutOrg!.id },
        { email: `fill.${randomBytes(3).toString('hex')}@bench.test`, role: 'OWNER', firstName: 'Julie', lastName: 'Weber', organizationId: fillOrg!.id },
        { email: adminEmail, role: 'ADMIN', firstName: 'Admin', lastName: 'Banc' },
      ])
      .returning();
    const listing = (organizationId: string, userId: string, type: 'CUT' | 'FILL') => ({
      organizationId, userId, type, status: 'PRE_CONTRACT_SIGNED', projectName: `Chantier ${type} du banc`, projectOwnerFirstName: 'Claire', projectOwnerLastName: 'Muller',
      projectOwnerStreet: '2 avenue de Colmar', projectOwnerPostcode: '68100', projectOwnerCity: 'Mulhouse', projectOwnerSiret: '55208131766522',
      siteAddress: 'Rue de Thann 68200 Mulhouse', siteLatitude: 47.75, siteLongitude: 7.31, parcelNumbers: ['68224000KT0157'], quantity: 10,
      materials: [
        { materialName: 'Sable et gravier', groundComposition: 'Bonne qualité', quantity: 600000, price: 5, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
        { materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: 20000, price: -5, qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*' },
      ],
    });
    const [cut, fill] = await db.insert(inquiries).values([listing(cutOrg!.id, cutOwner!.id, 'CUT'), listing(fillOrg!.id, fillOwner!.id, 'FILL')]).returning();
    const [match] = await db
      .insert(matches)
      .values({ cutInquiryId: cut!.id, fillInquiryId: fill!.id, status: 'ACCEPTED', volumeM3: 600000, figures: {}, acceptedAt: new Date() })
      .returning();
    const [transfer] = await db
      .insert(transfers)
      .values({ matchId: match!.id, cutOrganizationId: cutOrg!.id, fillOrganizationId: fillOrg!.id, expectedVolumeM3: 600000 })
      .returning();
    // One more accepted match and transfer per site manager (a FILL listing each).
    const fills = await db
      .insert(inquiries)
      .values(Array.from({ length: CLIENTS }, (_, i) => ({ ...listing(fillOrg!.id, fillOwner!.id, 'FILL'), projectName: `Remblai ${i + 1} du banc` })))
      .returning();
    const siteMatches = await db
      .insert(matches)
      .values(fills.map((row) => ({ cutInquiryId: cut!.id, fillInquiryId: row.id, status: 'ACCEPTED', volumeM3: 50000, figures: {}, acceptedAt: new Date() })))
      .returning();
    const siteTransfers = await db
      .insert(transfers)
      .values(siteMatches.map((row) => ({ matchId: row.id, cutOrganizationId: cutOrg!.id, fillOrganizationId: fillOrg!.id, expectedVolumeM3: 50000 })))
      .returning();
    const [carrier] = await db
      .insert(carriers)
      .values({
        organizationId: cutOrg!.id, siret: '44306184100047', name: 'Transports du Banc', street: '3 rue du Banc', postcode: '68100', city: 'Mulhouse',
        receiptNumber: '2024-68-0001', receiptDepartment: '68', receiptValidUntil: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      })
      .returning();
    const snapshot = JSON.stringify({ name: carrier!.name, countryCode: 'FR', siret: carrier!.siret, transportMode: 'ROAD', receiptNumber: carrier!.receiptNumber, receiptDepartment: '68', receiptValidUntil: carrier!.receiptValidUntil });
    // 5 000 loads over the last 100 days: 80 % accepted (a third weighed), 8 % refused, 7 % in transit, 5 % cancelled.
    await db.execute(sql`
      insert into loads (transfer_id, number, status, version, departed_at, carrier_id, carrier_snapshot, vehicle_plate, waste_code, volume_m3,
                         weight_tonnes, weighbridge_ticket, received_at, received_by, outcome, refusal_reason, cancelled_at, cancel_reason, created_by, created_at, updated_at)
      select ${transfer!.id}, 'BT-2000-' || lpad(g::text, 6, '0'),
             s.status, 1, now() - (g * interval '29 minutes'), ${carrier!.id}, ${snapshot}::jsonb, 'AB-' || lpad((g % 999 + 1)::text, 3, '0') || '-CD',
             case when g % 10 = 0 then '17 05 03*' else '17 05 04' end, 12 + (g % 7),
             case when g % 3 = 0 then 20 + (g % 11) else null end, case when g % 3 = 0 then 'PB-' || g else null end,
             case when s.status in ('ACCEPTED', 'REFUSED') then now() - (g * interval '29 minutes') + interval '1 hour' end,
             case when s.status in ('ACCEPTED', 'REFUSED') then ${fillOwner!.id}::uuid end,
             case when s.status in ('ACCEPTED', 'REFUSED') then s.status end,
             case when s.status = 'REFUSED' then 'Terre non conforme' end,
             case when s.status = 'CANCELLED' then now() - (g * interval '29 minutes') + interval '2 hours' end,
             case when s.status = 'CANCELLED' then 'Bon en double' end,
             ${cutEmployee!.id}, now() - (g * interval '29 minutes'), now() - (g * interval '29 minutes')
      from generate_series(1, ${LOADS}) g
      cross join lateral (select case when g % 100 < 80 then 'ACCEPTED' when g % 100 < 88 then 'REFUSED' when g % 100 < 95 then 'IN_TRANSIT' else 'CANCELLED' end as status) s`);
    await db.execute(sql`analyze loads`);
    const tokenOf = async (user: typeof cutOwner) => (await db.transaction((tx) => openSession(tx, secret, user!))).accessToken;
    const [cutToken, employeeToken, adminToken] = [await tokenOf(cutOwner), await tokenOf(cutEmployee), await tokenOf(admin)];

    // ── the two processes under test: the API as in production, and the minimal ceiling ──
    const [referencePort, apiPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
    const tsx = (file: string, flags: string[] = []) => [process.execPath, ...flags, '--import', 'tsx', join(packageRoot, file)];
    reference = startProcess(tsx('scripts/bench-api-ceiling.ts'), { DATABASE_URL: fresh.url, AUTH_SECRET: secret, PORT: String(referencePort) }, join(workDir, 'reference.log'));
    const statementsFile = join(workDir, 'statements.txt');
    const flags = [
      ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : []),
      ...(args.statements ? ['--import', join(packageRoot, 'scripts', 'profile-statements.mjs')] : []),
    ];
    const dist = join(packageRoot, 'dist', 'server.js');
    if (args.dist && !existsSync(dist)) throw new Error('dist/server.js is missing: run `pnpm --filter @terres/api build` first');
    const apiCommand = args.dist ? [process.execPath, ...flags, '--enable-source-maps', dist] : tsx('src/server.ts', flags);
    server = startProcess(
      apiCommand,
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        API_PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
        DATABASE_URL: fresh.url,
        DATA_DIR: workDir,
        AUTH_SECRET: secret,
        // Never reached: recording sends no mail (the digest is due a quarter of an hour later).
        SMTP_URL: 'smtp://127.0.0.1:9',
        ADMIN_EMAILS: adminEmail,
        READ_CACHE: '1',
        ...(args.statements ? { TERRES_STATEMENT_PROFILE: statementsFile } : {}),
      },
      join(workDir, 'api.log'),
    );
    const referenceBase = `http://127.0.0.1:${referencePort}`;
    await waitFor(`${referenceBase}/bare`, reference);
    await waitFor(`http://127.0.0.1:${apiPort}/api/health`, server);
    const api = `http://127.0.0.1:${apiPort}/api/v1`;
    /** The API's statement profile since the last call (`--statements`): it writes it on SIGWINCH. */
    const statements = async (title: string) => {
      if (!args.statements) return;
      rmSync(statementsFile, { force: true });
      server!.child.kill('SIGWINCH');
      for (let i = 0; i < 100 && !existsSync(statementsFile); i += 1) await sleep(50);
      await sleep(100);
      console.log(`\nStatements of: ${title}`);
      console.log(existsSync(statementsFile) ? readFileSync(statementsFile, 'utf8').trimEnd() : '  (no profile written)');
    };

    console.log(
      `bench:transfers at commit ${commit()} on ${fresh.name} (fresh): API ${args.dist ? 'node dist/server.js' : 'tsx src/server.ts'} in its own process ` +
        `(NODE_ENV=production, read caches on, logs at info to a file${args.profile ? ', CPU profile' : ''}${args.statements ? ', statement profile' : ''}), ` +
        `the ceiling in another; a transfer of ${LOADS} loads; ${load()}\n`,
    );

    // ── 1. opening the transfer ──
    const openings: Record<string, { detail: number[]; page: number[]; both: number[]; statuses: number[]; bytes: number }> = {};
    // `--reads 0`: no opening measured (to profile the recordings alone).
    for (const [who, token] of READS > 0 ? ([['portal (CUT owner)', cutToken], ['console (admin)', adminToken]] as const) : []) {
      const headers = { authorization: `Bearer ${token}` };
      const figures = { detail: [] as number[], page: [] as number[], both: [] as number[], statuses: [] as number[], bytes: 0 };
      for (let i = 0; i < READS + 3; i += 1) {
        const started = performance.now();
        const [detail, page] = await Promise.all([
          timed(`${api}/transfers/${transfer!.id}`, { headers }),
          timed(`${api}/transfers/${transfer!.id}/loads?page=1&page_size=100`, { headers }),
        ]);
        if (i < 3) continue; // warm-up
        figures.detail.push(detail.ms);
        figures.page.push(page.ms);
        figures.both.push(performance.now() - started);
        figures.statuses.push(detail.status, page.status);
        figures.bytes = detail.bytes + page.bytes;
      }
      openings[who] = figures;
    }
    console.log(`1. Opening a transfer of 5 000 loads (sequential, after 3 warm-up rounds); ${load()}`);
    const openP95: number[] = [];
    for (const [who, f] of Object.entries(openings)) {
      line(`  ${who}: GET /transfers/{id}`, f.detail, f.statuses.filter((_, i) => i % 2 === 0));
      line(`  ${who}: GET /transfers/{id}/loads page 1`, f.page, f.statuses.filter((_, i) => i % 2 === 1));
      openP95.push(line(`  ${who}: both in parallel (the page opens)`, f.both, [], `  ${(f.bytes / 1024).toFixed(0)} KiB`).p95);
    }

    // ── 2. recording loads, 20 parallel site managers ──
    const body = (client: number, n: number) =>
      JSON.stringify({ departed_at: new Date(Date.now() - 60_000).toISOString(), carrier_id: carrier!.id, vehicle_plate: `GH-${String(100 + client).slice(-3)}-JK`, waste_code: '17 05 04', volume_m3: 10 + (n % 5) });
    async function recordRound(transferOf: (client: number) => string, tag: string, perClient = PER_CLIENT) {
      const times: number[] = [];
      const statuses: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let n = 0; n < perClient; n += 1) {
            const answer = await timed(`${api}/transfers/${transferOf(client)}/loads`, {
              method: 'POST',
              headers: { authorization: `Bearer ${employeeToken}`, 'content-type': 'application/json', 'idempotency-key': `bench-${tag}-${client}-${n}` },
              body: body(client, n),
            });
            times.push(answer.ms);
            statuses.push(answer.status);
          }
        }),
      );
      return { times, statuses, perSecond: times.length / ((performance.now() - started) / 1000) };
    }
    // The minimal ceiling under the same clients: HS256 check + one SELECT by id.
    async function ceilingRound() {
      const times: number[] = [];
      const statuses: number[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let n = 0; n < PER_CLIENT + 5; n += 1) {
            const answer = await timed(`${referenceBase}/inquiries/${cut!.id}`, { headers: { authorization: `Bearer ${employeeToken}` } });
            if (n >= 5) {
              times.push(answer.ms);
              statuses.push(answer.status);
            }
          }
        }),
      );
      return { times, statuses };
    }

    // Warm-up (not counted): 5 loads per client on its own transfer, so the route's code is compiled.
    const warm = await recordRound((client) => siteTransfers[client]!.id, 'warm', 5);
    if (warm.statuses.some((status) => status !== 201)) throw new Error(`warm-up: ${warm.statuses.join(' ')}`);
    /**
     * `round`, with the CPU that `pid` and the database's backends spent on it per request
     * (µs; /proc): a cost that moves much less with the machine's load than the latency does.
     */
    async function costed<T extends { times: number[] }>(pid: number, round: () => Promise<T>) {
      const before = cpuTicks(pid);
      const { result, ticks } = await databaseTicksDuring(fresh.name, round);
      const micros = (value: number) => (value / TICKS_PER_SECOND / result.times.length) * 1e6;
      return { ...result, cpu: `server ${micros(cpuTicks(pid) - before).toFixed(0)} µs + database ${micros(ticks).toFixed(0)} µs CPU per request` };
    }
    const apiPid = server.child.pid!;
    const referencePid = reference.child.pid!;
    const loadBefore = load();
    const ceilingBefore = await costed(referencePid, ceilingRound);
    await statements('warm-up');
    const loadOwn = load();
    const ownSites = await costed(apiPid, () => recordRound((client) => siteTransfers[client]!.id, 'own'));
    await statements('recording, each client on its own transfer');
    const loadOne = load();
    const oneSite = await costed(apiPid, () => recordRound(() => transfer!.id, 'one'));
    await statements('recording, every client on the 5 000-load transfer');
    const loadAfter = load();
    const ceilingAfter = await costed(referencePid, ceilingRound);

    console.log(`\n2. Recording loads: ${CLIENTS} parallel clients x ${PER_CLIENT} loads (after ${CLIENTS} x 5 not counted)`);
    const recordP95 = line('  each on its own site\'s transfer', ownSites.times, ownSites.statuses, `  ${ownSites.perSecond.toFixed(0)} loads/s; ${loadOwn}`).p95;
    console.log(`    ${ownSites.cpu}`);
    const sameP95 = line('  all on the 5 000-load transfer (one lock)', oneSite.times, oneSite.statuses, `  ${oneSite.perSecond.toFixed(0)} loads/s; ${loadOne}`).p95;
    console.log(`    ${oneSite.cpu}`);

    console.log(`\n3. The minimal ceiling (HS256 + one SELECT by id, its own process), ${CLIENTS} parallel clients, before and after the recordings`);
    line('  GET /inquiries/{id} (ceiling), before', ceilingBefore.times, ceilingBefore.statuses, `  ${loadBefore}`);
    console.log(`    ${ceilingBefore.cpu}`);
    line('  GET /inquiries/{id} (ceiling), after', ceilingAfter.times, ceilingAfter.statuses, `  ${loadAfter}`);
    console.log(`    ${ceilingAfter.cpu}`);
    const ceilingP95 = line('  both rounds together', [...ceilingBefore.times, ...ceilingAfter.times], [...ceilingBefore.statuses, ...ceilingAfter.statuses]).p95;

    console.log(`\nSummary (issue 18 targets: open < 1 000 ms p95, record < 50 ms p95); ${load()}`);
    for (const [index, who] of ['portal', 'console'].entries()) {
      const p95 = openP95[index];
      if (p95 !== undefined) console.log(`  open (${who}): p95 ${ms(p95)}, ${(p95 / ceilingP95).toFixed(1)} x the ceiling's p95 -> ${p95 < 1000 ? 'under' : 'OVER'} 1 s`);
    }
    console.log(`  record (own sites): p95 ${ms(recordP95)} under ${CLIENTS} clients, ${(recordP95 / ceilingP95).toFixed(1)} x the ceiling's p95 (${ms(ceilingP95)}) -> ${recordP95 < 50 ? 'under' : 'OVER'} 50 ms`);
    console.log(`  record (one transfer): p95 ${ms(sameP95)} under ${CLIENTS} clients, ${(sameP95 / ceilingP95).toFixed(1)} x the ceiling's p95 (${ms(ceilingP95)}) -> ${sameP95 < 50 ? 'under' : 'OVER'} 50 ms`);
  } finally {
    await stop(server);
    await stop(reference);
    await database.close();
    await fresh.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
