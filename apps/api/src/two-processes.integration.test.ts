// Many processes, one platform (issue 13): two API processes (src/server.ts, each in a child
// process of its own, each with its own DATA_DIR) on one fresh PostgreSQL database, behind no
// proxy, with one local S3-compatible server on loopback. Nothing a request relies on lives in
// one process: a limit is counted once across both, a session ended on one is refused at once by
// the other, a file uploaded (or a PDF generated) through one is downloaded through the other.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL, FEED_APPLICATION_NAME } from './db/change-feed.js';
import type { Database } from './db/index.js';
import { openPostgres, tempDir, TEST_AUTH_SECRET } from '../test/helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../test/helpers/database.js';
import { adminToken, createCompleteDraft, createOwner, SAMPLE_FILES, uploadDocument } from '../test/helpers/fixtures.js';
import { expectResponseMatches } from '../test/helpers/openapi.js';
import { startS3Fixture, type S3Fixture } from '../test/helpers/s3-fixture.js';
import { startServer, type Server } from '../test/helpers/server-process.js';
import { httpRequest, refreshOptions, SESSION_HEADERS, signIn, skipCodeCooldown, uniqueEmail, type TestApi } from '../test/helpers/session.js';
import { startSmtp, type TestSmtp } from '../test/helpers/smtp.js';

// Per IP: the limit test counts its own address; every other sign-in of this file comes from 127.0.0.1.
const CODE_REQUESTS_PER_IP = 12;

let testDatabase: TestDatabase;
let database: Database;
let smtp: TestSmtp;
let s3: S3Fixture;
const dirs = [tempDir('bourse-process-a-'), tempDir('bourse-process-b-')];
const adminEmail = `admin.${randomBytes(5).toString('hex')}@plateforme.test`;
let servers: Server[] = [];
/** The same platform seen through process A and process B. */
let a: TestApi;
let b: TestApi;

/** The test helpers' view of one process: its URL, the shared mailbox and database. */
function through(server: Server): TestApi {
  return {
    url: server.url,
    running: undefined as unknown as TestApi['running'],
    smtp,
    database,
    adminEmail,
    request: (method, path, options) => httpRequest(`${server.url}/api/v1${path}`, method, options),
    close: () => server.stop(),
  };
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  [smtp, s3] = await Promise.all([startSmtp(), startS3Fixture()]);
  const env = (dataDir: string): Record<string, string> => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: testDatabase.url,
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    SMTP_URL: smtp.url,
    ADMIN_EMAILS: adminEmail,
    OTP_REQUESTS_PER_IP: String(CODE_REQUESTS_PER_IP),
    // The limit test names its client's address (X-Forwarded-For), as a proxy on loopback would.
    TRUST_PROXY: '127.0.0.1',
    // PDFs in the request's thread: no worker threads to boot in each child.
    HEAVY_WORKERS: '0',
    // The read caches on, as in production: what each process keeps must follow the other's changes.
    READ_CACHE: '1',
    ...s3.env,
  });
  // Both start at once on an empty database: the migrations run once (advisory lock).
  servers = await Promise.all(dirs.map((dir) => startServer(env(dir.path))));
  database = await openPostgres(testDatabase.url);
  // This test's own ear on the announcements: `settle()` after a change made outside the API.
  await database.changes!().start();
  [a, b] = servers.map(through) as [TestApi, TestApi];
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
  await smtp?.close();
  await s3?.close();
  await testDatabase?.drop();
  for (const dir of dirs) dir.remove();
});

/** A process's metrics, as Prometheus reads them (loopback clients may). */
async function metricsOf(api: TestApi): Promise<string> {
  return (await fetch(`${api.url}/api/metrics`)).text();
}

/** The read caches' hits and misses of a process, per cache. */
async function readCounts(api: TestApi): Promise<Record<'sessions' | 'listings', { hit: number; miss: number }>> {
  const text = await metricsOf(api);
  const count = (cache: string, outcome: string) =>
    Number(new RegExp(`^terres_read_cache_reads_total\\{cache="${cache}",outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    sessions: { hit: count('sessions', 'hit'), miss: count('sessions', 'miss') },
    listings: { hit: count('listings', 'hit'), miss: count('listings', 'miss') },
  };
}

/** A process's change feed count of one event (probe, marker, unanswered_marker, ...). */
async function feedEvent(api: TestApi, event: string): Promise<number> {
  return Number(new RegExp(`^terres_change_feed_events_total\\{event="${event}"\\} (\\d+)`, 'm').exec(await metricsOf(api))?.[1] ?? 0);
}

async function feedLive(api: TestApi): Promise<number> {
  return Number(/^terres_change_feed_live (\d)/m.exec(await metricsOf(api))?.[1]);
}

/** Waits for a condition about another process (its own event loop), polling; 10 s at most. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in 10 s');
}

describe('two API processes on one database', () => {
  it('count a per-IP limit once across both', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.50' };
    const ask = (api: TestApi) => api.request('POST', '/auth/login/magic-link/request', { body: { email: uniqueEmail() }, headers });
    // Alternating between the processes: each alone has seen half of the requests.
    for (let i = 0; i < CODE_REQUESTS_PER_IP; i += 1) expect((await ask(i % 2 === 0 ? a : b)).status).toBe(202);
    for (const api of [a, b]) {
      const over = await ask(api);
      expect(over.status).toBe(429);
      expectResponseMatches('POST', '/auth/login/magic-link/request', 429, over.body);
      expect(over.body.detail).toBe('Trop de tentatives depuis votre connexion. Veuillez réessayer plus tard.');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('refuse on one a session ended on the other, at once', async () => {
    const owner = await createOwner(a);
    expect((await b.request('GET', '/users/me', { token: owner.token })).status).toBe(200);
    const out = await a.request('POST', '/auth/logout', { token: owner.token, headers: SESSION_HEADERS });
    expect(out.status).toBe(204);
    const refused = await b.request('GET', '/users/me', { token: owner.token });
    expect(refused.status).toBe(401);
    expect((await b.request('POST', '/auth/refresh', refreshOptions(owner.session.refreshToken))).status).toBe(401);

    // An organisation archived through B cuts a session opened through A on its next call to A.
    await skipCodeCooldown(a, owner.email);
    const again = await signIn(a, owner.email);
    expect((await a.request('GET', '/organizations/me', { token: again.accessToken })).status).toBe(200);
    const archived = await b.request('DELETE', `/organizations/${owner.organizationId}/archive`, { token: await adminToken(b) });
    expect(archived.status).toBe(204);
    const cut = await a.request('GET', '/organizations/me', { token: again.accessToken });
    expect(cut.status).toBe(403);
    expect(cut.body.type).toBe('urn:bourse-terres:problem:organization-archived');
  });

  it('keep reads in memory, and drop them when either process (or psql) changes the row', async () => {
    const owner = await createOwner(a, { name: 'Terrassements Mémoire' });
    const created = await a.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Quai nord' } });
    const path = `/inquiries/${created.body.id}`;
    const before = await readCounts(b);
    for (let i = 0; i < 3; i += 1) expect((await b.request('GET', path, { token: owner.token })).body.projectName).toBe('Quai nord');
    const after = await readCounts(b);
    // Served from B's memory after the first read: the listing and the session alike.
    expect(after.listings.hit - before.listings.hit).toBeGreaterThanOrEqual(2);
    expect(after.sessions.hit - before.sessions.hit).toBeGreaterThanOrEqual(2);

    // A list page takes the listing's answer kept in memory (issue 23): the same JSON, no row read.
    const listed = await readCounts(b);
    const page = await b.request('GET', '/inquiries?page=1&page_size=25', { token: owner.token });
    expect(page.body).toEqual([(await b.request('GET', path, { token: owner.token })).body]);
    expect((await readCounts(b)).listings.hit - listed.listings.hit).toBeGreaterThanOrEqual(1);

    // Changed through A: B answers the new name on the very next read, in its list too.
    expect((await a.request('PUT', path, { token: owner.token, body: { project_name: 'Quai sud' } })).status).toBe(200);
    expect((await b.request('GET', '/inquiries?page=1&page_size=25', { token: owner.token })).body.map((row: { projectName: string }) => row.projectName)).toEqual(['Quai sud']);
    expect((await b.request('GET', path, { token: owner.token })).body.projectName).toBe('Quai sud');
    // Renaming the organisation changes its listings' organisation name.
    expect((await a.request('PUT', `/organizations/${owner.organizationId}`, { token: owner.token, body: { name: 'Terrassements Renommés' } })).status).toBe(200);
    expect((await b.request('GET', path, { token: owner.token })).body.organizationName).toBe('Terrassements Renommés');
    // Deleted through A: gone from B.
    expect((await a.request('DELETE', path, { token: owner.token })).status).toBe(204);
    const gone = await b.request('GET', path, { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('Erreur : annonce introuvable.');

    // Changed by neither process (psql, a script): the database's trigger announces it too.
    const other = await a.request('POST', '/inquiries', { token: owner.token, body: { type: 'FILL', project_name: 'Remblai est' } });
    const otherPath = `/inquiries/${other.body.id}`;
    expect((await b.request('GET', otherPath, { token: owner.token })).body.projectName).toBe('Remblai est');
    expect((await b.request('GET', otherPath, { token: owner.token })).body.projectName).toBe('Remblai est');
    await database.db.execute(sql`update inquiries set project_name = 'Remblai ouest' where id = ${other.body.id}`);
    await database.changes!().settle();
    expect((await b.request('GET', otherPath, { token: owner.token })).body.projectName).toBe('Remblai ouest');
    // Another organisation's caller gets the same 404 from memory as from the database.
    const stranger = await createOwner(b);
    expect((await b.request('GET', otherPath, { token: stranger.token })).status).toBe(404);
  });

  it('never hold a write for a paused process, which then reads nothing stale from memory', async () => {
    const owner = await createOwner(a);
    const created = await a.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Avant la pause' } });
    const path = `/inquiries/${created.body.id}`;
    // B keeps the listing and the session in memory.
    for (let i = 0; i < 2; i += 1) expect((await b.request('GET', path, { token: owner.token })).body.projectName).toBe('Avant la pause');
    const unanswered = await feedEvent(a, 'unanswered_marker');
    const paused = servers[1]!.child;
    // B stops dead (SIGSTOP): its listening connection stays open and counted, it answers nothing.
    paused.kill('SIGSTOP');
    const timings: number[] = [];
    try {
      // Stalled long enough for its socket to fill: what is announced next waits in the database
      // behind about 30 MB of announcements, still unread when B wakes and takes its next request.
      await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'flood:' || g || ':' || repeat('x', 7900)) from generate_series(1, 4000) g`);
      // Round 0 untimed: A reads the flood meanwhile.
      for (let round = 0; round <= 5; round += 1) {
        const started = performance.now();
        const edited = await a.request('PUT', path, { token: owner.token, body: { project_name: `Pendant la pause ${round}` } });
        if (round > 0) timings.push(performance.now() - started);
        expect(edited.status).toBe(200);
      }
    } finally {
      paused.kill('SIGCONT');
    }
    // The writes waited for B a few milliseconds at most, not the old second: before, every write
    // waited out the 1 s deadline, so the median was over 1 000 ms. The median only, with room: a
    // single write can take a second on a CI machine running other suites (1 105 ms seen once).
    timings.sort((x, y) => x - y);
    expect(timings[2]).toBeLessThan(500);
    expect((await feedEvent(a, 'unanswered_marker')) - unanswered).toBeGreaterThanOrEqual(5);
    // Woken, B proves itself current before answering from memory: the last change, never the kept one.
    expect((await b.request('GET', path, { token: owner.token })).body.projectName).toBe('Pendant la pause 5');
    expect((await b.request('GET', path, { token: owner.token })).body.projectName).toBe('Pendant la pause 5');
  });

  it('read from the database while the announcements cannot be heard, and listen again', async () => {
    const owner = await createOwner(a);
    const created = await a.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'Avant coupure' } });
    const path = `/inquiries/${created.body.id}`;
    await b.request('GET', path, { token: owner.token });
    await b.request('GET', path, { token: owner.token });
    // Every process's listening connection is cut (a database restart, a network fault).
    const admin = new pg.Client({ connectionString: testDatabase.url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1', [FEED_APPLICATION_NAME]);
      await until(async () => (await feedLive(b)) === 0);
      // A change made now is announced to nobody: B must read it from the database.
      await admin.query('update inquiries set project_name = $1 where id = $2', ['Pendant coupure', created.body.id]);
      expect((await b.request('GET', path, { token: owner.token })).body.projectName).toBe('Pendant coupure');
      // It listens again, starting empty: still the database's value.
      await until(async () => (await feedLive(b)) === 1);
      expect((await b.request('GET', path, { token: owner.token })).body.projectName).toBe('Pendant coupure');
    } finally {
      await admin.end();
    }
  });

  it('serve through one a file uploaded through the other, from the object store', async () => {
    const owner = await createOwner(a, { name: 'Terrassements Deux Process' });
    const created = await a.request('POST', '/inquiries', { token: owner.token, body: { type: 'CUT', project_name: 'ZAC deux process' } });
    expect(created.status).toBe(201);
    const bytes = SAMPLE_FILES['permis.pdf']!;
    const uploaded = await uploadDocument(a, owner.token, created.body.id, { name: 'arrêté de permis.pdf', bytes });
    expect(uploaded.status).toBe(201);
    const key = [...s3.objects.keys()].find((k) => s3.objects.get(k)!.equals(Buffer.from(bytes)));
    expect(key).toBeDefined();
    expect(s3.requests).toContain(`PUT ${key}`);
    // Neither process keeps the file on its disk (only its temporary folder, now empty).
    for (const dir of dirs) expect(readdirSync(dir.path)).not.toContain('files');
    expect(readdirSync(join(dirs[0]!.path, 'upload-tmp'))).toEqual([]);

    const listed = await b.request('GET', `/inquiries/${created.body.id}/documents`, { token: owner.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: uploaded.body.id, fileName: 'arrêté de permis.pdf' })]);
    const download = await fetch(`${b.url}/api/v1/documents/${uploaded.body.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(s3.requests).toContain(`GET ${key}`);
  });

  it('serve through one a PDF the platform generated through the other', async () => {
    // Through B: its admin session (granting the credits) is the one already open.
    const owner = await createOwner(b, { credits: 500 });
    const id = await createCompleteDraft(a, owner.token);
    expect((await a.request('PUT', `/inquiries/${id}`, { token: owner.token, body: { status: 'PENDING_VALIDATION' } })).status).toBe(200);
    const admin = await adminToken(b);
    expect((await b.request('PUT', `/inquiries/${id}/status`, { token: admin, body: { status: 'APPROVED' } })).status).toBe(200);
    const generated = await b.request('POST', `/inquiries/${id}/generated-documents`, { token: admin, body: { kind: 'DOUBT_CLEARING_LETTER' } });
    expect(generated.status).toBe(201);
    const pdf = await fetch(`${a.url}/api/v1/documents/${generated.body.document.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect([...s3.objects.values()].some((object) => object.equals(bytes))).toBe(true);
    for (const dir of dirs) expect(readdirSync(dir.path)).not.toContain('files');
  });
});
