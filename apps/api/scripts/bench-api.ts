// `pnpm bench:api` (or `pnpm --filter @terres/api bench:api [-- --seconds 6 --rounds 3 --warmup 1
// --connections 32 --codes 40000 --dist [--server <other build>/server.js] --port 4200 --profile <dir>
// --only listing,ceiling --log-level info]`)
// The hot path against the ceiling (issue 13), in one run: on a fresh database of the local
// PostgreSQL server (TEST_DATABASE_URL's server, or 127.0.0.1:5432; dropped at the end), it
// starts two processes of their own, never this one (autocannon's load would steal their CPU):
//   - the reference servers (scripts/bench-api-ceiling.ts): a bare Fastify route, the minimal
//     ceiling (Fastify + HS256 token check + one prepared SELECT by id), the minimal server as
//     issue 23 measured it (the token checked by jose's jwtVerify, then the same SELECT: the
//     reads print their ratio against both) and the minimal write (the HMAC token check + one
//     prepared UPDATE … RETURNING, issue 23);
//   - the API (`tsx src/server.ts`, or `node dist/server.js` with --dist: build first), as in
//     production (NODE_ENV=production, JSON logs at `info` written to a file);
// seeds 10 organisations of 100 listings each, an owner's session and `--codes` one-time codes,
// then drives each target with autocannon (`--connections` connections, `--warmup` seconds
// discarded, then `--seconds` measured in `--rounds` interleaved rounds: every target in turn,
// round after round, a ratio the median of the rounds'): requests/s, p50 and p99 latency, answers other than
// 2xx, and the CPU each request cost the server process and the database's backends (from
// /proc, so Linux only). Targets: the bare route, the ceiling, and the API's listing read
// (GET /inquiries/{id}: one listing, then the organisation's 100 in turn, then another
// organisation's 21 000 in turn, more than the listing cache keeps, so each read is a miss of it
// while the session comes from its own: every first read after a change), own organisation
// (GET /organizations/me), listing list page (GET /inquiries?page=1&page_size=20) and code
// verification (POST /auth/magic-link/verify, each request a different address's right code: a
// new session each) and a draft's edit (PUT /inquiries/{id}, 100 drafts of another organisation
// in turn, a new project name each), both measured against the minimal write, the reads against
// the ceiling. The API runs as production does, its read caches on (README "Hot path");
// a second API process with READ_CACHE=0 serves the same listing read from the database, to
// show both paths (`uncached`). Prints, asserts nothing;
// README "Hot path" says how to read it. `--profile <dir>`: the API's V8 CPU profile of the
// whole run is written there (open it in Chrome's DevTools), to see where its time goes; the
// READ_CACHE=0 process (`uncached`) writes its own there too (one file per process id).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { issueCode } from '../src/auth/codes.js';
import { openSession } from '../src/auth/sessions.js';
import { createDatabase } from '../src/db/index.js';
import { inquiries, organizations, users } from '../src/db/schema.js';
import { systemScope } from '../src/db/scope.js';
import { loadConfig } from '../src/env.js';
import { packageRoot } from '../src/paths.js';
import { freeLoopbackPort } from './free-port.js';
import { cpuTicks, databaseTicksDuring, residentMiB, TICKS_PER_SECOND } from './proc-cpu.js';
import { createTestDatabase } from '../test/helpers/database.js';
import { median, startProcess, stop, waitFor, type Started } from './bench-helpers.js';
import { recordResults } from './bench-results.js';

recordResults('api');

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    seconds: { type: 'string', default: '6' },
    // Interleaved rounds: each round measures every target in turn for seconds / rounds, so a
    // target and its reference are measured close in time, again and again (the machine's speed
    // drifts); a ratio is the median of the rounds' ratios.
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '32' },
    codes: { type: 'string', default: '40000' },
    dist: { type: 'boolean', default: false },
    // With --dist: another build's server.js instead of dist/server.js (a before/after comparison).
    server: { type: 'string' },
    // The first of two consecutive ports (reference servers, API); unset: free ports.
    port: { type: 'string' },
    // A directory: the API runs with --cpu-prof and writes its V8 CPU profile there when it stops.
    profile: { type: 'string' },
    // Only these targets (comma list of bare, ceiling, jose, listing, listings, missed, uncached, scoped, organisation, list, write, edit, verification).
    only: { type: 'string' },
    // The API's LOG_LEVEL (production's default: info, one line per request).
    'log-level': { type: 'string', default: 'info' },
  },
});

const SECONDS = Math.max(1, Number(args.seconds) || 6);
const WARMUP = Math.max(0, Number(args.warmup) || 0);
const ROUNDS = Math.max(1, Math.floor(Number(args.rounds) || 3));
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const CONNECTIONS = Math.max(1, Number(args.connections) || 32);
const CODES = Math.max(100, Number(args.codes) || 40000);
const ORGANIZATIONS = 10;
const LISTINGS_PER_ORGANIZATION = 100;
const OWNER_EMAIL = 'owner@bench-api.test';
const EDITOR_EMAIL = 'editor@bench-api.test';
const DRAFTS = 100;
const READER_EMAIL = 'reader@bench-api.test';
/** More listings than the listing cache keeps (20 000, oldest dropped first): read in turn, each is a miss. */
const MISSED_LISTINGS = 21_000;

async function freePort(index: number): Promise<number> {
  if (args.port) return Number(args.port) + index;
  return freeLoopbackPort();
}

interface Target {
  key: string;
  name: string;
  url: string;
  /** The process serving it (for its CPU). */
  pid: number;
  method?: 'GET' | 'POST' | 'PUT';
  /** The reference its ratio is taken against: the read ceiling (GET) or the minimal write. */
  against?: 'ceiling' | 'write';
  headers?: Record<string, string>;
  /** A body per request (code verification). */
  nextBody?: () => string;
  /** A path per request (listings in turn). */
  nextPath?: () => string;
  /** Headers per request (code verification: the client's address, as the proxy forwards it). */
  nextHeaders?: () => Record<string, string>;
}

interface Measure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  other: number;
  serverMicros: number;
  databaseMicros: number;
}

function cannon(target: Target, seconds: number): Promise<autocannon.Result> {
  const { nextBody, nextPath, nextHeaders } = target;
  return autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    method: target.method ?? 'GET',
    headers: { ...target.headers, ...(nextBody ? { 'content-type': 'application/json' } : {}) },
    ...(nextBody || nextPath || nextHeaders
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                ...(nextPath ? { path: nextPath() } : {}),
                ...(nextBody ? { body: nextBody() } : {}),
                ...(nextHeaders ? { headers: { ...request.headers, ...nextHeaders() } } : {}),
              }),
            },
          ],
        }
      : {}),
  });
}

async function measure(target: Target, database: string, warmup: number): Promise<Measure> {
  if (warmup > 0) await cannon(target, warmup);
  const server0 = cpuTicks(target.pid);
  const { result, ticks: dbTicks } = await databaseTicksDuring(database, () => cannon(target, ROUND_SECONDS));
  const serverTicks = cpuTicks(target.pid) - server0;
  const total = result.requests.total;
  const perRequest = (ticks: number) => (total > 0 ? (ticks / TICKS_PER_SECOND / total) * 1e6 : NaN);
  return {
    requestsPerSecond: total / ROUND_SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    other: result.non2xx + result.errors + result.timeouts,
    serverMicros: perRequest(serverTicks),
    databaseMicros: perRequest(dbTicks),
  };
}

const MATERIALS = [
  { materialName: 'Terre végétale', groundComposition: 'LIMONEUX', quantity: 1200, price: 3, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
  { materialName: 'Grave', groundComposition: 'GRAVELEUX', quantity: 800, price: 5, qualityClass: 'UNKNOWN', wasteCode: null },
];

/** What an API process's /api/metrics says (loopback: no token needed). */
async function apiMetrics(base: string): Promise<string> {
  return (await fetch(`${base}/api/metrics`)).text();
}

/** The API's count of listing-cache reads by outcome (hit, miss...). */
async function listingCacheReads(base: string): Promise<Record<string, number>> {
  const text = await apiMetrics(base);
  const counts: Record<string, number> = {};
  for (const [, outcome, count] of text.matchAll(/^terres_read_cache_reads_total\{cache="listings",outcome="(\w+)"\} (\d+)/gm)) counts[outcome!] = Number(count);
  return counts;
}

/** The API's count of scope statements run (a connection given another caller's scope). */
async function scopeStatements(base: string): Promise<number> {
  const text = await apiMetrics(base);
  return Number(/^terres_db_scope_statements_total (\d+)/m.exec(text)?.[1] ?? NaN);
}

const wanted = (key: string) => !args.only || args.only.split(',').includes(key);

/** A listing as the seeds write them (the 'index'-th of its organisation). */
function approvedListing(organizationId: string, userId: string, index: number) {
  return {
    organizationId,
    userId,
    type: index % 2 === 0 ? ('CUT' as const) : ('FILL' as const),
    status: 'APPROVED' as const,
    projectName: `Chantier ${index + 1} de la rue des Carrières`,
    projectOwnerFirstName: 'Camille',
    projectOwnerLastName: 'Martin',
    siteAddress: '3 rue des Carrières, 68000 Colmar',
    siteLatitude: 48.08 + (index % 1000) / 1000,
    siteLongitude: 7.36 + (index % 1000) / 1000,
    parcelNumbers: ['68066000AB0123', '68066000AB0124'],
    quantity: 1.5,
    materials: MATERIALS,
    startDate: '2027-03-01',
    endDate: '2027-06-30',
    cost: 120,
  };
}

async function main(): Promise<void> {
  const fresh = await createTestDatabase();
  const secret = randomBytes(32).toString('hex');
  const workDir = mkdtempSync(join(tmpdir(), 'bourse-bench-api-'));
  const [referencePort, apiPort, uncachedPort] = [await freePort(0), await freePort(1), await freePort(2)];
  const config = loadConfig({ DATABASE_URL: fresh.url, AUTH_SECRET: secret, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, {});
  const database = await createDatabase(config, { unscoped: systemScope('scripts') });
  let reference: Started | undefined;
  let api: Started | undefined;
  let uncached: Started | undefined;
  try {
    await database.migrate();
    const { db } = database;

    // Seed: organisations with their listings, the owner of the first one and a session.
    const seeded = performance.now();
    const orgRows = await db
      .insert(organizations)
      .values(
        Array.from({ length: ORGANIZATIONS }, (_, index) => ({
          name: `Terrassements ${index + 1}`,
          registrationNumber: String(73282932000074 + index * 1000).padStart(14, '0'),
          legalForm: 'SAS',
          street: '12 rue du Rhône',
          postcode: '68100',
          city: 'Mulhouse',
        })),
      )
      .returning({ id: organizations.id });
    const [owner] = await db
      .insert(users)
      .values({ email: OWNER_EMAIL, role: 'OWNER', firstName: 'Camille', lastName: 'Martin', organizationId: orgRows[0]!.id })
      .returning();
    for (const { id: organizationId } of orgRows) {
      await db.insert(inquiries).values(Array.from({ length: LISTINGS_PER_ORGANIZATION }, (_, index) => approvedListing(organizationId, owner!.id, index)));
    }
    const owned = await db.select({ id: inquiries.id }).from(inquiries).where(sql`${inquiries.organizationId} = ${orgRows[0]!.id}`);
    const listing = owned[0];
    const session = await db.transaction((tx) => openSession(tx, secret, owner!));
    // Writes: another organisation's drafts (the first one's list stays 100 approved listings), its owner's session.
    const [editor] = await db
      .insert(users)
      .values({ email: EDITOR_EMAIL, role: 'OWNER', firstName: 'Alix', lastName: 'Roux', organizationId: orgRows[1]!.id })
      .returning();
    const drafts = await db
      .insert(inquiries)
      .values(
        Array.from({ length: DRAFTS }, (_, index) => ({
          organizationId: orgRows[1]!.id,
          userId: editor!.id,
          type: 'CUT' as const,
          status: 'DRAFT' as const,
          projectName: `Brouillon ${index + 1}`,
          quantity: 1.5,
          materials: MATERIALS,
        })),
      )
      .returning({ id: inquiries.id });
    const editorSession = await db.transaction((tx) => openSession(tx, secret, editor!));
    // A third organisation's reader and more listings than the listing cache keeps: read in
    // turn, each read misses the cache (the first read after a change does) while the session
    // check is served from its own, as in production.
    const [reader] = await db
      .insert(users)
      .values({ email: READER_EMAIL, role: 'OWNER', firstName: 'Lou', lastName: 'Garnier', organizationId: orgRows[2]!.id })
      .returning();
    const missed: { id: string }[] = [];
    if (wanted('missed')) {
      for (let next = 0; next < MISSED_LISTINGS; next += 1000) {
        const batch = Array.from({ length: Math.min(1000, MISSED_LISTINGS - next) }, (_, index) => approvedListing(orgRows[2]!.id, reader!.id, next + index));
        missed.push(...(await db.insert(inquiries).values(batch).returning({ id: inquiries.id })));
      }
    }
    const readerSession = await db.transaction((tx) => openSession(tx, secret, reader!));
    // One member of each organisation with a session, and a listing of theirs: read in turn, each
    // request's scope (its user and organisation) is another than the last one the pooled
    // connection served, as with many users at once in production.
    const members: { token: string; path: string }[] = [];
    if (wanted('scoped')) {
      for (const [index, { id: organizationId }] of orgRows.entries()) {
        const [member] = await db
          .insert(users)
          .values({ email: `member-${index}@bench-api.test`, role: 'EMPLOYEE', firstName: 'Sacha', lastName: 'Blanc', organizationId })
          .returning();
        const [own] = await db.select({ id: inquiries.id }).from(inquiries).where(sql`${inquiries.organizationId} = ${organizationId}`).limit(1);
        const opened = await db.transaction((tx) => openSession(tx, secret, member!));
        members.push({ token: opened.accessToken, path: `/api/v1/inquiries/${own!.id}` });
      }
    }
    // Code verification: one address per request, each with its right code (a user each).
    await db.execute(
      sql`insert into users (email, role) select 'verify-' || g || '@bench-api.test', 'OWNER' from generate_series(1, ${CODES}) g`,
    );
    const codes: { email: string; otp: string }[] = [];
    for (let next = 1; next <= CODES; ) {
      const batch = Array.from({ length: Math.min(16, CODES - next + 1) }, (_, index) => `verify-${next + index}@bench-api.test`);
      next += batch.length;
      const issued = await Promise.all(batch.map((email) => issueCode(db, secret, { email, purpose: 'LOGIN' })));
      issued.forEach(({ code }, index) => codes.push({ email: batch[index]!, otp: code }));
    }
    // The planner's statistics, as autovacuum keeps them in production: without them a list page
    // of 100 listings was planned as if the 21 000 others were not there (12 % of the ceiling instead of 33).
    // (As the server's superuser, who owns none of the tables but may analyze them all.)
    const superuser = new pg.Client({ connectionString: fresh.url });
    await superuser.connect();
    await superuser.query('analyze');
    await superuser.end();
    const seedSeconds = (performance.now() - seeded) / 1000;

    // The two processes under test.
    const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [];
    const tsx = (file: string, flags: string[] = []) => [process.execPath, ...flags, '--import', 'tsx', join(packageRoot, file)];
    reference = startProcess(tsx('scripts/bench-api-ceiling.ts'), { DATABASE_URL: fresh.url, AUTH_SECRET: secret, PORT: String(referencePort) }, join(workDir, 'reference.log'));
    const dist = args.server ? resolve(args.server) : join(packageRoot, 'dist', 'server.js');
    if (args.dist && !existsSync(dist)) throw new Error(`${dist} is missing: run \`pnpm --filter @terres/api build\` first`);
    const apiEnv = (port: number, readCache: '0' | '1') => ({
      NODE_ENV: 'production',
      LOG_LEVEL: args['log-level'],
      HOST: '127.0.0.1',
      PORT: String(port),
      API_PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: fresh.url,
      DATA_DIR: workDir,
      AUTH_SECRET: secret,
      // Never reached: the measured routes send no mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      // No PAYMENT_PROVIDER: the measured routes buy nothing (the start-up log says payments are off).
      ADMIN_EMAILS: 'admin@bench-api.test',
      // As in production behind its proxy (deploy/api.env.example): the client's address is the
      // X-Forwarded-For the proxy on 127.0.0.1 sets. The code checks come from many addresses,
      // as sign-ins do (one address's checks all count into one row, a hot row no real client
      // makes at this rate); the limit is raised all the same.
      TRUST_PROXY: '127.0.0.1',
      OTP_CHECKS_PER_IP: '1000000',
      READ_CACHE: readCache,
    });
    const apiCommand = args.dist ? [process.execPath, ...profile, '--enable-source-maps', dist] : tsx('src/server.ts', profile);
    api = startProcess(apiCommand, apiEnv(apiPort, '1'), join(workDir, 'api.log'));
    if (wanted('uncached') || wanted('scoped')) {
      uncached = startProcess(args.dist ? [process.execPath, ...profile, '--enable-source-maps', dist] : tsx('src/server.ts', profile), apiEnv(uncachedPort, '0'), join(workDir, 'api-uncached.log'));
    }
    const referenceBase = `http://127.0.0.1:${referencePort}`;
    const apiBase = `http://127.0.0.1:${apiPort}`;
    await waitFor(`${referenceBase}/bare`, reference);
    await waitFor(`${apiBase}/api/health`, api);
    const uncachedBase = `http://127.0.0.1:${uncachedPort}`;
    if (uncached) await waitFor(`${uncachedBase}/api/health`, uncached);
    const startedMiB = residentMiB(api.child.pid!);

    const bearer = { authorization: `Bearer ${session.accessToken}` };
    let nextCode = 0;
    let nextListing = 0;
    let nextMissed = 0;
    let nextMember = 0;
    let nextDraft = 0;
    let nextName = 0;
    const editorBearer = { authorization: `Bearer ${editorSession.accessToken}` };
    const draftPath = (prefix: string) => () => `${prefix}/${drafts[nextDraft++ % drafts.length]!.id}`;
    const renameBody = () => JSON.stringify({ project_name: `Chantier renommé ${(nextName += 1)}` });
    const allTargets: Target[] = [
      { key: 'bare', name: 'bare Fastify route', url: `${referenceBase}/bare`, pid: reference.child.pid! },
      { key: 'ceiling', name: 'ceiling: HS256 + SELECT by id', url: `${referenceBase}/inquiries/${listing!.id}`, pid: reference.child.pid!, headers: bearer },
      { key: 'jose', name: 'minimal server: jose + SELECT by id', url: `${referenceBase}/jose/inquiries/${listing!.id}`, pid: reference.child.pid!, headers: bearer },
      { key: 'listing', name: 'API listing GET /inquiries/{id}', url: `${apiBase}/api/v1/inquiries/${listing!.id}`, pid: api.child.pid!, headers: bearer },
      {
        key: 'listings',
        name: `API listing, ${owned.length} ids in turn`,
        url: `${apiBase}/api/v1/inquiries/${listing!.id}`,
        pid: api.child.pid!,
        headers: bearer,
        nextPath: () => `/api/v1/inquiries/${owned[nextListing++ % owned.length]!.id}`,
      },
      ...(missed.length
        ? [
            {
              key: 'missed',
              name: `API listing, ${missed.length} ids in turn, each a cache miss`,
              url: `${apiBase}/api/v1/inquiries/${missed[0]!.id}`,
              pid: api.child.pid!,
              headers: { authorization: `Bearer ${readerSession.accessToken}` },
              nextPath: () => `/api/v1/inquiries/${missed[nextMissed++ % missed.length]!.id}`,
            },
          ]
        : []),
      ...(uncached && members.length
        ? [
            {
              key: 'scoped',
              name: `API listing, READ_CACHE=0, ${members.length} organisations' members in turn`,
              url: `${uncachedBase}${members[0]!.path}`,
              pid: uncached.child.pid!,
              // The path and its member's token go together: the path picks the next member.
              nextPath: () => members[(nextMember = (nextMember + 1) % members.length)]!.path,
              nextHeaders: () => ({ authorization: `Bearer ${members[nextMember]!.token}` }),
              headers: { authorization: `Bearer ${members[0]!.token}` },
            },
          ]
        : []),
      ...(uncached
        ? [{ key: 'uncached', name: 'API listing, READ_CACHE=0', url: `${uncachedBase}/api/v1/inquiries/${listing!.id}`, pid: uncached.child.pid!, headers: bearer }]
        : []),
      { key: 'organisation', name: 'API own organisation /organizations/me', url: `${apiBase}/api/v1/organizations/me`, pid: api.child.pid!, headers: bearer },
      { key: 'list', name: 'API list page (20 of 100)', url: `${apiBase}/api/v1/inquiries?page=1&page_size=20`, pid: api.child.pid!, headers: bearer },
      {
        key: 'write',
        name: 'minimal write: HS256 + UPDATE … RETURNING',
        url: `${referenceBase}/inquiries/${drafts[0]!.id}`,
        pid: reference.child.pid!,
        method: 'PUT',
        headers: editorBearer,
        nextPath: draftPath('/inquiries'),
        nextBody: renameBody,
      },
      {
        key: 'edit',
        name: `API draft edit PUT /inquiries/{id}, ${DRAFTS} in turn`,
        url: `${apiBase}/api/v1/inquiries/${drafts[0]!.id}`,
        pid: api.child.pid!,
        method: 'PUT',
        against: 'write',
        headers: editorBearer,
        nextPath: draftPath('/api/v1/inquiries'),
        nextBody: renameBody,
      },
      {
        key: 'verification',
        name: 'API code verification',
        url: `${apiBase}/api/v1/auth/magic-link/verify`,
        pid: api.child.pid!,
        method: 'POST',
        against: 'write',
        nextBody: () => JSON.stringify(codes[nextCode++ % codes.length]),
        // 4 096 client addresses in turn (198.18.0.0/15, set aside for benchmarks).
        nextHeaders: () => ({ 'x-forwarded-for': `198.18.${(nextCode >> 8) & 15}.${nextCode & 255}` }),
      },
    ];
    const targets = allTargets.filter((target) => wanted(target.key));

    // Every target answers 2xx once before it is measured.
    for (const target of targets) {
      const response = await fetch(target.url, {
        method: target.method ?? 'GET',
        headers: { ...target.headers, ...(target.nextBody ? { 'content-type': 'application/json' } : {}) },
        body: target.nextBody?.(),
      });
      if (!response.ok) throw new Error(`${target.name}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    }

    console.log(
      `bench:api on ${fresh.name} (fresh; seeded in ${seedSeconds.toFixed(1)} s): API ${args.dist ? `node ${args.server ?? 'dist/server.js'}` : 'tsx src/server.ts'} ` +
        `(NODE_ENV=production, read caches on, logs at ${args['log-level']} to a file; ${startedMiB.toFixed(0)} MiB resident once started), ` +
        `${CONNECTIONS} connections, ${WARMUP} s warm-up then ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s per target; ` +
        `a ratio is the median of the rounds' (their range in brackets)\n`,
    );
    const header = `${'target'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non-2xx'.padStart(8)} ${'server µs/req'.padStart(14)} ${'db µs/req'.padStart(10)}`;
    console.log(header);
    console.log('-'.repeat(header.length));
    // Round after round, every target in turn: a target's ratio is taken against its reference
    // measured just before it in the same round.
    const rounds = new Map<string, Measure[]>(targets.map((target) => [target.key, []]));
    const ratios = new Map<string, number[]>(targets.map((target) => [target.key, []]));
    // A read's ratio against the jose minimal server too, when it runs (issue 23's reference).
    const joseRatios = new Map<string, number[]>(targets.map((target) => [target.key, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const references: Record<'ceiling' | 'write' | 'jose', number> = { ceiling: NaN, write: NaN, jose: NaN };
      for (const target of targets) {
        const m = await measure(target, fresh.name, round === 0 ? WARMUP : 0);
        rounds.get(target.key)!.push(m);
        if (target.key === 'ceiling' || target.key === 'write' || target.key === 'jose') references[target.key] = m.requestsPerSecond;
        const reference = references[target.against ?? 'ceiling'];
        if (target.name.startsWith('API') && Number.isFinite(reference)) ratios.get(target.key)!.push(m.requestsPerSecond / reference);
        if (target.name.startsWith('API') && !target.against && Number.isFinite(references.jose)) joseRatios.get(target.key)!.push(m.requestsPerSecond / references.jose);
      }
    }
    for (const target of targets) {
      const measured = rounds.get(target.key)!;
      const requests = measured.reduce((sum, m) => sum + m.total, 0);
      const weighted = (pick: (m: Measure) => number) => measured.reduce((sum, m) => sum + pick(m) * m.total, 0) / Math.max(1, requests);
      const percent = (value: number) => `${(value * 100).toFixed(0)}`;
      // `58 % (45-70) of ceiling`: the rounds' median and range, or nothing without rounds.
      const ratioText = (values: number[], of: string) =>
        values.length ? `${percent(median(values))} % (${percent(Math.min(...values))}-${percent(Math.max(...values))}) of ${of}` : '';
      const parts = [ratioText(ratios.get(target.key)!, (target.against ?? 'ceiling') === 'write' ? 'minimal write' : 'ceiling'), ratioText(joseRatios.get(target.key)!, 'jose server')].filter(Boolean);
      const share = parts.length ? `  ${parts.join(', ')}` : '';
      console.log(
        `${target.name.padEnd(40)} ${(requests / (ROUNDS * ROUND_SECONDS)).toFixed(0).padStart(8)} ${median(measured.map((m) => m.p50)).toFixed(1).padStart(7)} ` +
          `${median(measured.map((m) => m.p99)).toFixed(1).padStart(7)} ${String(measured.reduce((sum, m) => sum + m.other, 0)).padStart(8)} ` +
          `${weighted((m) => m.serverMicros).toFixed(0).padStart(14)} ${weighted((m) => m.databaseMicros).toFixed(0).padStart(10)}${share}`,
      );
    }
    const missedTarget = targets.find((target) => target.key === 'missed');
    if (missedTarget) {
      // What the API counted while one more second of it ran: the reads are misses of the listing cache.
      const before = await listingCacheReads(apiBase);
      await cannon(missedTarget, 1);
      const after = await listingCacheReads(apiBase);
      const delta = (outcome: string) => (after[outcome] ?? 0) - (before[outcome] ?? 0);
      console.log(`\n${missedTarget.name}: over 1 s more of it the API counted ${delta('miss')} misses and ${delta('hit')} hits of its listing cache`);
    }
    for (const key of ['uncached', 'scoped']) {
      const target = targets.find((candidate) => candidate.key === key);
      if (!target) continue;
      // The scope statements (row-level security) its process ran over one more second of it.
      const before = await scopeStatements(uncachedBase);
      const { requests } = await cannon(target, 1);
      const ran = (await scopeStatements(uncachedBase)) - before;
      console.log(`${target.name}: ${ran} scope statements for ${requests.total} answers over 1 s more of it`);
    }
    console.log(`\nload average at the end: ${loadavg().map((value) => value.toFixed(1)).join(' ')} (${availableParallelism()} cores)`);
    const used = nextCode;
    if (used > codes.length) console.log(`\n(code verification used ${used} requests for ${codes.length} codes: raise --codes)`);
  } finally {
    await stop(api);
    await stop(uncached);
    await stop(reference);
    await database.close();
    await fresh.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
