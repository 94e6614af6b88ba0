// `pnpm --filter @terres/api bench:lists [-- --requests 60]`
// Latency of the admin console's lists against a database filled by `seed:scale`
// (DATABASE_URL): the API is built in this process and served on a loopback port; each
// scenario is requested many times, one request at a time. Prints, per scenario, the rows and
// the total, the answer's size (raw and gzip), and p50 / p95 of the server-side time (Fastify's
// reply.elapsedTime: routing, auth, SQL, serialisation) and of the loopback round trip.
// A benchmark that prints, not a test: the figures depend on the machine and its load.
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { openSession } from '../src/auth/sessions.js';
import { createDatabase } from '../src/db/index.js';
import { systemScope } from '../src/db/scope.js';
import { inquiries, users } from '../src/db/schema.js';
import { loadConfig } from '../src/env.js';
import { percentile } from './bench-helpers.js';
import { recordResults } from './bench-results.js';

recordResults('lists');

const { values: args } = parseArgs({
  // `pnpm bench:lists -- --requests 60` passes the `--` on.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    requests: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
  },
});
const REQUESTS = Math.max(5, Number(args.requests) || 60);
const WARMUP = Math.max(0, Number(args.warmup) || 0);
const BENCH_ADMIN = 'bench-admin@scale.test';

interface Scenario {
  group: string;
  name: string;
  path: string;
  as?: 'admin' | 'member';
  /** Send back the answer's ETag (If-None-Match): the browser reopening the map. */
  revalidate?: boolean;
}


const ms = (n: number) => n.toFixed(1).padStart(7);
const kb = (n: number) => (n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} kB`).padStart(9);

async function main() {
  const config = loadConfig({ ADMIN_EMAILS: BENCH_ADMIN, LOG_LEVEL: 'silent', SMTP_URL: '' });
  if (!config.databaseUrl) {
    console.error('bench:lists: DATABASE_URL must name the database filled by seed:scale.');
    process.exit(1);
  }
  const database = await createDatabase(config, { unscoped: systemScope('scripts') });
  await database.migrate();
  const { db } = database;
  const [{ listings } = { listings: 0 }] = (await db.execute<{ listings: number }>(sql`select count(*)::int as listings from inquiries`)).rows;
  if (listings < 1000) {
    console.error(`bench:lists: the database holds ${listings} listings; fill it first with seed:scale.`);
    process.exit(1);
  }

  // An admin of this run (ADMIN_EMAILS above) and the owner of the largest organisation.
  await db.insert(users).values({ email: BENCH_ADMIN, role: 'ADMIN' }).onConflictDoNothing();
  const [adminRow] = await db.select().from(users).where(eq(users.email, BENCH_ADMIN));
  const [largest] = await db
    .select({ organizationId: inquiries.organizationId, n: sql<number>`count(*)::int` })
    .from(inquiries)
    .groupBy(inquiries.organizationId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  const [memberRow] = await db.select().from(users).where(eq(users.organizationId, largest!.organizationId)).limit(1);
  const tokens = await db.transaction(async (tx) => ({
    admin: (await openSession(tx, config.authSecret, adminRow!)).accessToken,
    member: (await openSession(tx, config.authSecret, memberRow!)).accessToken,
  }));

  const app = await buildApp({ config, database });
  const serverTimes = new Map<string, number>();
  app.addHook('onResponse', async (request, reply) => {
    const id = request.headers['x-bench-id'];
    if (typeof id === 'string') serverTimes.set(id, reply.elapsedTime);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${address.port}/api/v1`;

  const pageCount = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    await res.arrayBuffer();
    return Math.max(1, Math.ceil(Number(res.headers.get('x-total-count')) / 25));
  };
  const lastPage = await pageCount('/inquiries?page=1&page_size=25');
  const lastFillPage = await pageCount('/inquiries?type=FILL&status=APPROVED,SITE_FOUND&page=1&page_size=25');
  const lastOrganizationPage = await pageCount('/organizations?page=1&page_size=25');

  const scenarios: Scenario[] = [
    { group: 'listings', name: 'page 1 (25, newest first)', path: '/inquiries?page=1&page_size=25' },
    { group: 'listings', name: 'page 1 (5)', path: '/inquiries?page=1&page_size=5' },
    { group: 'listings', name: `deep page ${lastPage} (25)`, path: `/inquiries?page=${lastPage}&page_size=25` },
    { group: 'listings', name: 'page 1 by update date', path: '/inquiries?sort=-updated_at&page=1&page_size=25' },
    { group: 'listings', name: 'deep page by start date', path: `/inquiries?sort=start_date&page=${lastPage}&page_size=25` },
    { group: 'listings', name: 'status PENDING_VALIDATION', path: '/inquiries?status=PENDING_VALIDATION&page=1&page_size=25' },
    { group: 'listings', name: 'status DRAFT (admin asks)', path: '/inquiries?status=DRAFT&page=1&page_size=25' },
    { group: 'listings', name: 'type FILL + 2 statuses', path: '/inquiries?type=FILL&status=APPROVED,SITE_FOUND&page=1&page_size=25' },
    { group: 'listings', name: `  same, deep page ${lastFillPage}`, path: `/inquiries?type=FILL&status=APPROVED,SITE_FOUND&page=${lastFillPage}&page_size=25` },
    { group: 'search', name: 'q=ly (2 letters)', path: '/inquiries?q=ly&page=1&page_size=25' },
    { group: 'search', name: 'q=de (2 letters, frequent)', path: '/inquiries?q=de&page=1&page_size=25' },
    { group: 'search', name: 'q=lyo (3 letters)', path: '/inquiries?q=lyo&page=1&page_size=25' },
    { group: 'search', name: 'q=rue (3 letters, frequent)', path: '/inquiries?q=rue&page=1&page_size=25' },
    { group: 'search', name: 'q=lefev (5 letters)', path: '/inquiries?q=lefev&page=1&page_size=25' },
    { group: 'search', name: 'q=Besançon (accent)', path: `/inquiries?q=${encodeURIComponent('Besançon')}&page=1&page_size=25` },
    { group: 'search', name: 'q=saint etienne lotissement', path: '/inquiries?q=saint%20etienne%20lotissement&page=1&page_size=25' },
    { group: 'search', name: 'q=zzqxw (no match)', path: '/inquiries?q=zzqxw&page=1&page_size=25' },
    { group: 'search', name: 'q=rue, deep page 40', path: '/inquiries?q=rue&page=40&page_size=25' },
    { group: 'search', name: 'q=lefev + type CUT', path: '/inquiries?q=lefev&type=CUT&status=APPROVED,PROCESSED&page=1&page_size=25' },
    { group: 'member', name: `largest organisation (${largest!.n}), page 1`, path: '/inquiries?page=1&page_size=25', as: 'member' },
    { group: 'member', name: '  same, no paging (first 100, issue 20)', path: '/inquiries', as: 'member' },
    { group: 'organisations', name: 'page 1 (25, by name)', path: '/organizations?page=1&page_size=25' },
    { group: 'organisations', name: `deep page ${lastOrganizationPage}`, path: `/organizations?page=${lastOrganizationPage}&page_size=25` },
    { group: 'organisations', name: 'q=te (2 letters)', path: '/organizations?q=te&page=1&page_size=25' },
    { group: 'organisations', name: 'q=lefevre', path: '/organizations?q=lefevre&page=1&page_size=25' },
    { group: 'organisations', name: 'q=siret digits', path: '/organizations?q=4567&page=1&page_size=25&with_archived=true' },
    { group: 'soil studies', name: 'page 1 (25)', path: '/soil-studies?page=1&page_size=25' },
    { group: 'soil studies', name: 'q=lyon', path: '/soil-studies?q=lyon&page=1&page_size=25' },
    { group: 'pins', name: 'whole France', path: '/inquiries/pins' },
    { group: 'pins', name: 'bbox France (same pins)', path: '/inquiries/pins?bbox=-5.5,41.2,9.7,51.2' },
    { group: 'pins', name: 'bbox Lyon area (zoom ~10)', path: '/inquiries/pins?bbox=4.5,45.5,5.2,46' },
    { group: 'pins', name: 'bbox Rhône-Alpes (zoom ~7)', path: '/inquiries/pins?bbox=3.5,44.5,7.2,46.5' },
    { group: 'pins', name: 'whole France, SITE_FOUND', path: '/inquiries/pins?status=SITE_FOUND' },
    { group: 'pins', name: 'whole France, revalidated (304)', path: '/inquiries/pins', revalidate: true },
  ];

  console.log(`bench:lists on ${database.location}: ${listings} listings; ${REQUESTS} requests per scenario after ${WARMUP} warm-up, one at a time.`);
  console.log('times in ms: server = Fastify reply.elapsedTime; loopback = request to last byte received;');
  console.log('first = server time of the first request (the pins are then built, later ones come from the cache).\n');
  console.log(`${'scenario'.padEnd(48)} ${'rows'.padStart(6)} ${'total'.padStart(7)} ${'bytes'.padStart(9)} ${'gzip'.padStart(9)}    first  server p50    p95  loopback p50    p95`);
  const summary: { group: string; p95: number }[] = [];
  let sequence = 0;
  for (const scenario of scenarios) {
    const headers: Record<string, string> = { authorization: `Bearer ${tokens[scenario.as ?? 'admin']}` };
    if (scenario.revalidate) {
      const res = await fetch(`${base}${scenario.path}`, { headers });
      await res.arrayBuffer();
      headers['if-none-match'] = res.headers.get('etag') ?? '';
    }
    let first = Number.NaN;
    const server: number[] = [];
    const loopback: number[] = [];
    let body = Buffer.alloc(0);
    let total = '';
    for (let i = 0; i < WARMUP + REQUESTS; i += 1) {
      const id = String((sequence += 1));
      const started = performance.now();
      const res = await fetch(`${base}${scenario.path}`, { headers: { ...headers, 'x-bench-id': id } });
      const bytes = Buffer.from(await res.arrayBuffer());
      const elapsed = performance.now() - started;
      if (res.status !== (scenario.revalidate ? 304 : 200)) throw new Error(`${scenario.path}: ${res.status} ${bytes.toString()}`);
      if (i === 0) {
        while (!serverTimes.has(id)) await new Promise((resolve) => setImmediate(resolve));
        first = serverTimes.get(id)!;
      }
      if (i < WARMUP) continue;
      loopback.push(elapsed);
      // onResponse runs once the last byte is handed to the socket: it may trail the client.
      while (!serverTimes.has(id)) await new Promise((resolve) => setImmediate(resolve));
      server.push(serverTimes.get(id)!);
      body = bytes;
      total = (res.headers.get('x-total-count') ?? '') + (res.headers.get('x-total-count-capped') ? '+' : '');
    }
    const rows = body.length ? (JSON.parse(body.toString()) as unknown[]).length : 0;
    const p95 = percentile(server, 95);
    summary.push({ group: scenario.group, p95 });
    console.log(
      `${`${scenario.group}: ${scenario.name}`.padEnd(48)} ${String(rows).padStart(6)} ${total.padStart(7)} ${kb(body.length)} ${kb(gzipSync(body).length)}  ${ms(first)}  ${ms(percentile(server, 50))} ${ms(p95)}  ${ms(percentile(loopback, 50))} ${ms(percentile(loopback, 95))}`,
    );
  }
  const lists = summary.filter((s) => s.group !== 'pins' && s.group !== 'member');
  console.log(`\nworst server p95 of the listings, search, organisations and soil-study pages: ${Math.max(...lists.map((s) => s.p95)).toFixed(1)} ms (target 50 ms)`);
  await app.close();
  await database.close();
}

await main();
