// The deployment of deploy/README.md, tested end to end on this machine (issue 22): Debian's
// nginx on loopback ports in front of the built apps and TWO API processes (NODE_ENV=production)
// on a fresh PostgreSQL database and the S3 fixture the API tests use. Chromium reaches the
// sites by their host names (annonces.test, admin.test: host rules map them to 127.0.0.1) over
// TLS (a self-signed certificate). Then a rolling restart under light load, then the backup
// drill. Run by `pnpm test:deploy`; the figures are printed with a `[deploy]` prefix.
import { randomBytes } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '@terres/vitest-config/chromium';
import { startS3Fixture, type S3Fixture } from '../../../../apps/api/test/helpers/s3-fixture';
import { startFixtureServer, type FixtureServer } from '../fixture-server/server';
import { createMailClient, type MailClient } from '../mail/client';
import { startSmtpCapture, type SmtpCapture } from '../mail/capture';
import { E2eApi, type Session } from '../playwright/api';
import { SIGN_IN_TEXTS } from '../playwright/helpers';
import { completeListing } from '../playwright/listing-data';
import { createE2eDatabase, forgetUsedCodes, withDatabase, DEFAULT_DATABASE_SERVER_URL, type E2eDatabase } from '../stack/database';
import { spawnGuarded, type GuardedProcess } from '../stack/processes';
import { findRepoRoot, freePort, type StackInfo } from '../stack/stack';
import { closeAgents, httpGet, httpsGet, type Answer } from './http';
import { deployedSite, ensureNginx, startNginx, type Nginx } from './nginx';

const PORTAL = 'annonces.test';
const CONSOLE = 'admin.test';
const ADMIN_EMAIL = 'admin@deploy.test';
const PARCEL_MAP = 'Carte des parcelles de l’annonce';
const log = (line: string) => console.log(`[deploy] ${line}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
/** The upstream's fail_timeout (deploy/README.md): a restarted process is back in nginx's rotation after it. */
const FAIL_TIMEOUT_SECONDS = 5;

test.describe.configure({ mode: 'serial' });

const repoRoot = findRepoRoot();
let workDir: string;
let fixtures: FixtureServer;
let smtp: SmtpCapture;
let mail: MailClient;
let s3: S3Fixture;
let database: E2eDatabase;
let nginx: Nginx;
let browser: Browser;
let httpsPort: number;
let httpPort: number;
let apiPorts: [number, number];
const apis: (GuardedProcess | undefined)[] = [undefined, undefined];
let csp: string;
let api: E2eApi;
let owner: Session;
let listingId: string;
let documentId: string;
const documentBytes = Buffer.from(`%PDF-1.4\n% deploy ${randomBytes(6).toString('hex')}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);

function apiEnvironment(port: number, index: number): NodeJS.ProcessEnv {
  const site = (host: string) => `https://${host}:${httpsPort}`;
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: database.url,
    DATA_DIR: join(workDir, `api-data-${index}`),
    AUTH_SECRET: AUTH_SECRET,
    SMTP_URL: smtp.smtpUrl,
    ADMIN_EMAILS: ADMIN_EMAIL,
    ADVERTISER_PORTAL_URL: site(PORTAL),
    ADMIN_CONSOLE_URL: site(CONSOLE),
    API_PUBLIC_URL: site(PORTAL),
    // nginx connects from the loopback: X-Forwarded-For is trusted from there only.
    TRUST_PROXY: '127.0.0.1',
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    HEAVY_WORKERS: '0',
    // Every request of this test comes from 127.0.0.1: the per-IP limits would count it as one client.
    OTP_REQUESTS_PER_IP: '1000000',
    OTP_CHECKS_PER_IP: '1000000',
    ...s3.env,
  };
}
const AUTH_SECRET = randomBytes(32).toString('base64url');

async function waitHealthy(process: GuardedProcess, port: number, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.done) throw new Error(`API on ${port} exited:\n${process.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`API on ${port} not healthy in ${timeoutMs} ms:\n${process.output()}`);
}

function startApi(index: number): GuardedProcess {
  const port = apiPorts[index]!;
  const child = spawnGuarded(`api ${port}`, process.execPath, [join(repoRoot, 'apps', 'api', 'dist', 'server.js')], {
    cwd: join(repoRoot, 'apps', 'api'),
    env: apiEnvironment(port, index),
    // Errors and warnings only (LOG_LEVEL=warn), minus Node's deprecation notices; the rest is kept for failures.
    onLine: (line) => {
      if (line.startsWith('{')) log(`[api ${port}] ${line}`);
    },
    graceMs: 15_000,
  });
  apis[index] = child;
  return child;
}

async function startApis(): Promise<void> {
  await Promise.all([0, 1].map((index) => waitHealthy(startApi(index), apiPorts[index]!)));
}

async function stopApis(): Promise<void> {
  await Promise.all(apis.map((child) => child?.stop()));
}

/** What the platform serves about the seeded listing, read through nginx: compared before and after the restore. */
async function platformState(): Promise<Record<string, unknown>> {
  const auth = { authorization: `Bearer ${owner.accessToken}` };
  const read = async (path: string) => {
    const answer = await httpsGet(httpsPort, PORTAL, `/api/v1${path}`, auth);
    expect(answer.status, `GET ${path}`).toBe(200);
    return JSON.parse(answer.body.toString('utf8')) as unknown;
  };
  const file = await httpsGet(httpsPort, PORTAL, `/api/v1/documents/${documentId}/download`, auth);
  expect(file.status).toBe(200);
  return {
    listing: await read(`/inquiries/${listingId}`),
    documents: await read(`/inquiries/${listingId}/documents`),
    file: file.body.toString('base64'),
    organization: await read(`/organizations/${owner.user.organizationId}`),
    ledger: await read(`/organizations/${owner.user.organizationId}/credit-transactions`),
  };
}

/** Signs in through the app's real /login screen with the code from the mailbox. */
async function signInThrough(page: Page, origin: string, email: string): Promise<void> {
  await forgetUsedCodes(database.url, email);
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel, exact: true }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: SIGN_IN_TEXTS.loginButton, exact: true }).click();
  await expect(page.getByRole('heading', { name: SIGN_IN_TEXTS.codeTitle })).toBeVisible();
  const code = await mail.lastCode(email, { since });
  await page.getByRole('textbox', { name: SIGN_IN_TEXTS.firstBox, exact: true }).click();
  await page.keyboard.type(code);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await forgetUsedCodes(database.url, email);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const started = Date.now();
  const nginxPath = ensureNginx(log);
  for (const app of ['advertiser-portal', 'admin-console', 'api']) {
    const built = join(repoRoot, 'apps', app, 'dist', app === 'api' ? 'server.js' : 'index.html');
    if (!existsSync(built)) throw new Error(`${built} is missing: pnpm test:deploy builds it (turbo run build)`);
  }
  workDir = mkdtempSync(join(tmpdir(), 'terres-deploy-'));
  [fixtures, smtp, s3, database] = await Promise.all([
    startFixtureServer(),
    startSmtpCapture(),
    startS3Fixture(),
    createE2eDatabase(process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_SERVER_URL),
  ]);
  mail = createMailClient(smtp.httpUrl);
  [httpsPort, httpPort, ...apiPorts] = (await Promise.all([freePort(), freePort(), freePort(), freePort()])) as [number, number, number, number];

  // The same builds as any environment's: the deployment writes config.json next to index.html.
  const site = deployedSite(workDir, {
    hosts: { portal: PORTAL, console: CONSOLE },
    dists: { portal: join(repoRoot, 'apps', 'advertiser-portal', 'dist'), console: join(repoRoot, 'apps', 'admin-console', 'dist') },
    httpsPort,
    fixturesUrl: fixtures.url,
  });
  csp = site.csp;

  // Both processes at once on the empty database: the migrations run once (advisory lock).
  const apiStart = Date.now();
  await startApis();
  log(`two API processes healthy on ${apiPorts.join(' and ')} in ${seconds(Date.now() - apiStart)} s (started together on an empty database)`);

  nginx = await startNginx({
    nginx: nginxPath,
    deployDir: join(repoRoot, 'deploy'),
    dir: join(workDir, 'nginx'),
    values: {
      API_SERVERS: apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=${FAIL_TIMEOUT_SECONDS}s;`).join('\n'),
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      ...site.values,
    },
    onLine: (line) => log(`[nginx] ${line}`),
  });
  const stack = { apiUrl: `http://127.0.0.1:${apiPorts[0]}/api/v1`, databaseUrl: database.url, adminEmails: [ADMIN_EMAIL] } as StackInfo;
  api = new E2eApi(stack, mail);
  browser = await chromium.launch({
    executablePath: chromiumLaunchOptions.executablePath,
    args: [
      ...chromiumLaunchOptions.args,
      `--host-resolver-rules=MAP ${PORTAL} 127.0.0.1, MAP ${CONSOLE} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
    ],
  });
  log(`nginx on https://${PORTAL}:${httpsPort} and https://${CONSOLE}:${httpsPort} (http ${httpPort}), ready in ${seconds(Date.now() - started)} s`);
});

test.afterAll(async () => {
  closeAgents();
  await browser?.close().catch(() => {});
  await nginx?.stop().catch(() => {});
  await stopApis().catch(() => {});
  await Promise.all([fixtures?.close(), smtp?.close(), s3?.close()].map((done) => done?.catch(() => {})));
  await database?.drop().catch(() => {});
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('nginx serves both apps with their security headers and caching', async () => {
  const expectPageHeaders = (answer: Answer, what: string) => {
    expect(answer.status, what).toBe(200);
    expect(answer.headers['content-security-policy'], what).toBe(csp);
    expect(answer.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
    expect(answer.headers['strict-transport-security'], what).toBe('max-age=63072000; includeSubDomains');
    expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
    expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['permissions-policy'], what).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    expect(answer.headers.server, what).toBe('nginx');
  };
  // The pages of their own (decision 0182), by title: /login in both apps (login.html), the
  // portal's /register and /accept-invitation; every other path is index.html's.
  const ownPages: Record<string, Record<string, string>> = {
    [PORTAL]: { '/login': 'Connexion', '/register': 'Création de votre compte', '/accept-invitation': "Accepter l'invitation" },
    [CONSOLE]: { '/login': 'Connexion' },
  };
  const ownTitle = new RegExp(`^(${Object.values(ownPages[PORTAL]!).join('|')}) ·`);
  for (const host of [PORTAL, CONSOLE]) {
    for (const path of ['/', '/login', '/register', '/accept-invitation', '/user/inquiry/details/x/overview']) {
      const page = await httpsGet(httpsPort, host, path);
      expectPageHeaders(page, `${host}${path}`);
      expect(page.headers['cache-control'], `${host}${path}`).toBe('no-cache');
      expect(page.body.toString('utf8')).toContain('<div id="root"></div>');
      const title = /<title>([^<]*)<\/title>/.exec(page.body.toString('utf8'))?.[1];
      const own = ownPages[host]![path];
      if (own) expect(title, `${host}${path}`).toBe(`${own} · Bourse aux terres`);
      else expect(title, `${host}${path}`).not.toMatch(ownTitle);
    }
    const config = await httpsGet(httpsPort, host, '/config.json');
    expectPageHeaders(config, `${host}/config.json`);
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.headers['content-type']).toMatch(/^application\/json/);
    const index = (await httpsGet(httpsPort, host, '/')).body.toString('utf8');
    expect(/src="(\/assets\/[^"]+\.js)"/.test(index), 'index.html names its entry script').toBe(true);
    // Its largest script (React's file): the entry itself is below nginx's gzip_min_length.
    const dist = join(repoRoot, 'apps', host === PORTAL ? 'advertiser-portal' : 'admin-console', 'dist');
    const scripts = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const script = scripts.sort((a, b) => statSync(join(dist, b)).size - statSync(join(dist, a)).size)[0];
    const asset = await httpsGet(httpsPort, host, script!, { 'accept-encoding': 'gzip' });
    expectPageHeaders(asset, `${host}${script}`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect((await httpsGet(httpsPort, host, '/assets/missing-0000.js')).status).toBe(404);
    // maplibre's worker is an .mjs module: it must be served as JavaScript.
    const worker = readdirSync(join(dist, 'assets')).find((file) => file.endsWith('.mjs'));
    expect(worker, 'the build has a .mjs worker').toBeTruthy();
    expect((await httpsGet(httpsPort, host, `/assets/${worker}`)).headers['content-type']).toBe('application/javascript');
    const health = await httpsGet(httpsPort, host, '/api/health');
    expect(health.status).toBe(200);
  }
  // What an operator sees (deploy/README.md quotes it); curl is not on every machine.
  const hasCurl = spawnSync('sh', ['-c', 'command -v curl']).status === 0;
  for (const host of hasCurl ? [PORTAL, CONSOLE] : []) {
    const head = execFileSync('curl', ['-sSI', '-k', '--resolve', `${host}:${httpsPort}:127.0.0.1`, `https://${host}:${httpsPort}/login`], { encoding: 'utf8' });
    log(`curl -I https://${host}/login\n${head.trim().replace(/\r/g, '')}`);
  }
  // Plain HTTP only redirects.
  const plain = await httpGet(httpPort, PORTAL, '/login');
  expect(plain).toEqual({ status: 301, location: `https://${PORTAL}/login` });
});

test('sign in, open a listing, one document through both processes, no CSP violation', async () => {
  test.setTimeout(240_000);
  await test.step('seed an owner with a complete draft (through process A)', async () => {
    const seeded = await api.seedOwner({ email: `owner-${Date.now().toString(36)}@deploy.test`, credits: 200 });
    owner = seeded.session;
    const listing = await api.call<{ id: string }>(owner, 'POST', '/inquiries', { type: 'CUT', project_name: 'Chantier du déploiement', status: 'DRAFT' });
    listingId = listing.id;
    await api.call(owner, 'PUT', `/inquiries/${listingId}`, { ...completeListing(0), soil_study_delegation: true });
  });

  await test.step('upload through process A, download through process B', async () => {
    const form = new FormData();
    form.append('kind', 'PERMISSION');
    form.append('file', new Blob([documentBytes], { type: 'application/pdf' }), 'plan-de-masse.pdf');
    const uploaded = await fetch(`http://127.0.0.1:${apiPorts[0]}/api/v1/inquiries/${listingId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    documentId = ((await uploaded.json()) as { id: string }).id;
    const downloaded = await fetch(`http://127.0.0.1:${apiPorts[1]}/api/v1/documents/${documentId}/download`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(documentBytes)).toBe(true);
    log(`document ${documentId}: uploaded through :${apiPorts[0]}, downloaded byte for byte through :${apiPorts[1]}`);
  });

  await test.step('submit, and the admin validates it (a ledger line)', async () => {
    await api.call(owner, 'PUT', `/inquiries/${listingId}`, { status: 'PENDING_VALIDATION' });
    await api.call(await api.admin(), 'PUT', `/inquiries/${listingId}/status`, { status: 'APPROVED' });
  });

  const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, line: string) => violations.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation(line: string): Promise<void> }).reportCspViolation(
        `${location.href}: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`${page.url()}: console: ${message.text()}`);
    });
    page.on('pageerror', (error) => violations.push(`${page.url()}: page error: ${error.message}`));
  };
  try {
    const portal = await context.newPage();
    watch(portal);
    const portalOrigin = `https://${PORTAL}:${httpsPort}`;
    await test.step('the owner signs in on the portal and opens the listing', async () => {
      await signInThrough(portal, portalOrigin, owner.user.email);
      await portal.goto(`${portalOrigin}/user/inquiry/details/${listingId}/overview`);
      await expect(portal.getByRole('heading', { level: 1, name: 'Chantier du déploiement' })).toBeVisible();
      // The read-only cadastre map (maplibre, its worker, raster and vector tiles) drawn.
      await expect.soft(portal.getByRole('region', { name: PARCEL_MAP })).toHaveAttribute('data-status', 'ready');
      await portal.goto(`${portalOrigin}/user/inquiry/details/${listingId}/informations`);
      await expect(portal.getByRole('heading', { level: 1, name: 'Chantier du déploiement' })).toBeVisible();
      await portal.goto(`${portalOrigin}/user/inquiry/details/${listingId}/documents`);
      await expect(portal.getByText('plan-de-masse.pdf').first()).toBeVisible();
      await portal.goto(`${portalOrigin}/dashboard`);
      await expect(portal.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The wizard's map (maplibre, its worker, the cadastre tiles) on a new draft.
      const draft = await api.call<{ id: string }>(owner, 'POST', '/inquiries', { type: 'FILL', project_name: 'Brouillon carte', status: 'DRAFT' });
      await portal.goto(`${portalOrigin}/user/create-inquiry/${draft.id}`);
      await expect(portal.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await portal.waitForLoadState('networkidle');
    });
    const admin = await context.newPage();
    watch(admin);
    const consoleOrigin = `https://${CONSOLE}:${httpsPort}`;
    await test.step('the admin signs in on the console and opens the listing and the map', async () => {
      await signInThrough(admin, consoleOrigin, ADMIN_EMAIL);
      await admin.goto(`${consoleOrigin}/admin/inquiry/details/${listingId}/overview`);
      await expect(admin.getByRole('heading', { level: 1, name: 'Chantier du déploiement' })).toBeVisible();
      await expect.soft(admin.getByRole('region', { name: PARCEL_MAP })).toHaveAttribute('data-status', 'ready');
      await admin.goto(`${consoleOrigin}/admin/map`);
      await expect(admin.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await admin.waitForLoadState('networkidle');
    });
    // Reports arrive asynchronously: give the last page's a moment.
    await portal.waitForTimeout(500);
    // The maps really loaded what the CSP must allow: raster tiles and the cadastre's vector tiles.
    const requested = (await (await fetch(`${fixtures.url}/__requests`)).json()) as string[];
    const tiles = requested.filter((path) => path.startsWith('/tiles/')).length;
    const cadastre = requested.filter((path) => path.startsWith('/cadastre')).length;
    expect(violations, 'CSP violations and page errors').toEqual([]);
    expect(tiles, 'raster tiles requested by the maps').toBeGreaterThan(0);
    expect(cadastre, 'cadastre TileJSON and vector tiles requested').toBeGreaterThan(0);
    log(`portal and console pages visited (maps: ${tiles} raster tiles, ${cadastre} cadastre requests): 0 CSP violations reported`);
  } finally {
    await context.close();
  }
});

test('a rolling restart under light load loses no request', async () => {
  test.setTimeout(240_000);
  let stop = false;
  let total = 0;
  const failures: string[] = [];
  const paths = ['/api/health', `/api/v1/inquiries/${listingId}`, `/api/v1/inquiries/${listingId}/documents`];
  const worker = async (offset: number) => {
    for (let i = offset; !stop; i++) {
      const path = paths[i % paths.length]!;
      try {
        const answer = await httpsGet(httpsPort, PORTAL, path, { authorization: `Bearer ${owner.accessToken}` });
        if (answer.status !== 200) failures.push(`${path}: ${answer.status} ${answer.body.toString('utf8').slice(0, 120)}`);
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
      total++;
      // Light load: each of the two clients waits 20 ms between requests.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const started = Date.now();
  const load = [worker(0), worker(1)];
  const restarts: string[] = [];
  for (const index of [0, 1]) {
    const before = Date.now();
    const code = await apis[index]!.stop();
    await waitHealthy(startApi(index), apiPorts[index]!);
    restarts.push(`:${apiPorts[index]} exit ${code}, back in ${seconds(Date.now() - before)} s`);
    // As deploy/README.md's rolling restart: the next one goes once this one is healthy AND nginx
    // has taken it back (a process that failed is left out for fail_timeout, so restarting the
    // other at once would leave no live upstream: 502).
    await new Promise((resolve) => setTimeout(resolve, (FAIL_TIMEOUT_SECONDS + 1) * 1000));
  }
  stop = true;
  await Promise.all(load);
  const elapsed = Date.now() - started;
  log(`rolling restart (${restarts.join('; ')}): ${total} requests in ${seconds(elapsed)} s (${Math.round(total / (elapsed / 1000))}/s), ${failures.length} failed`);
  if (failures.length > 0) log(`nginx error log:\n${readFileSync(nginx.errorLog, 'utf8').split('\n').slice(-20).join('\n')}`);
  expect(failures.slice(0, 5)).toEqual([]);
  expect(total).toBeGreaterThan(100);
});

test('backup drill: dump, destroy, restore, the platform serves the same data', async () => {
  test.setTimeout(240_000);
  const before = await platformState();
  const backup = join(workDir, 'backup');
  mkdirSync(join(backup, 'bucket'), { recursive: true });
  const dumpFile = join(backup, 'terres.dump');
  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_SERVER_URL;

  const backupStart = Date.now();
  execFileSync('pg_dump', ['--format=custom', `--file=${dumpFile}`, database.url], { stdio: 'pipe' });
  // The bucket copy (the README's `rclone sync` / `aws s3 sync`): every object under its key.
  for (const [key, body] of s3.objects) writeFileSync(join(backup, 'bucket', encodeURIComponent(key)), body);
  const objects = s3.objects.size;
  log(`backup: pg_dump ${Math.round(readFileSync(dumpFile).length / 1024)} KiB, ${objects} objects copied, in ${seconds(Date.now() - backupStart)} s`);

  await test.step('destroy: the processes stop, the database and the bucket are lost', async () => {
    await stopApis();
    execFileSync('psql', [serverUrl, '-qc', `drop database "${database.name}" with (force)`], { stdio: 'pipe' });
    s3.objects.clear();
  });

  const restoreStart = Date.now();
  execFileSync('psql', [serverUrl, '-qc', `create database "${database.name}"`], { stdio: 'pipe' });
  execFileSync('pg_restore', ['--exit-on-error', `--dbname=${withDatabase(serverUrl, database.name)}`, dumpFile], { stdio: 'pipe' });
  for (const file of readdirSync(join(backup, 'bucket'))) s3.objects.set(decodeURIComponent(file), readFileSync(join(backup, 'bucket', file)));
  await startApis();
  const restoreSeconds = seconds(Date.now() - restoreStart);

  const after = await platformState();
  expect(after).toEqual(before);
  expect(s3.objects.size).toBe(objects);
  const balance = (after.organization as { creditBalance: number }).creditBalance;
  const lines = (after.ledger as unknown[]).length;
  log(`restore: database and bucket back, both processes healthy in ${restoreSeconds} s; same listing, ${(after.documents as unknown[]).length} documents, ${lines} ledger lines, balance ${balance} credits`);
});
