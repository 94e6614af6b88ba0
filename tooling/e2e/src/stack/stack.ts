// The whole platform on this machine for one test run: a fresh PostgreSQL database, the built API
// on a free port sending mail to the SMTP capture, the loopback fixture servers for maps and
// addresses, and each requested web app built against them and served on a free port.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixtureServer, type FixtureServer } from '../fixture-server/server';
import { startSmtpCapture, type SmtpCapture } from '../mail/capture';
import { buildApp } from './build';
import { createE2eDatabase, DEFAULT_DATABASE_SERVER_URL } from './database';
import { spawnGuarded, type GuardedProcess } from './processes';
import { startStaticServer, type StaticServer } from './static-server';

export const APP_NAMES = ['advertiser-portal', 'admin-console'] as const;
export type AppName = (typeof APP_NAMES)[number];

/** The platform admin of every stack (ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = 'admin@e2e.test';

/** Everything a test needs to reach the stack: plain data, handed to the test workers as JSON. */
export interface StackInfo {
  /** API origin, e.g. http://127.0.0.1:41234 (`/api/health` lives there). */
  apiOrigin: string;
  /** Base of the resources: `${apiOrigin}/api/v1`, the apps' VITE_API_URL. */
  apiUrl: string;
  /**
   * Each app's origin; `built` is false for an app this run did not build (it answers 503).
   * `apiUrl`: the API base the app was built with (`apiUrl` above, or the app's own origin's
   * `/api/v1` with `sameOriginApi`).
   */
  apps: Record<AppName, { url: string; built: boolean; distDir: string | null; apiUrl: string }>;
  /** Base URL of the fixture server (tiles, cadastre, address search). */
  fixturesUrl: string;
  tileUrl: string;
  cadastreTileJsonUrl: string;
  /** The address service base (the apps append `/search/`). */
  addressSearchUrl: string;
  smtpUrl: string;
  /** HTTP side of the SMTP capture, for MailClient. */
  mailUrl: string;
  databaseUrl: string;
  adminEmails: string[];
  /** Seconds each start-up stage took. */
  timings: Record<string, number>;
}

export interface StackOptions {
  /** The apps to build and serve (the others get a URL answering 503). */
  apps?: readonly AppName[];
  /** PostgreSQL server to create the database on (default TEST_DATABASE_URL, else 127.0.0.1:5432 as postgres). */
  databaseServerUrl?: string;
  adminEmails?: string[];
  /** Extra API variables (e.g. OTP limits), applied last. */
  apiEnv?: Record<string, string>;
  /** Progress lines (default: console.log with an `[e2e]` prefix). */
  log?: (line: string) => void;
  /** The repository root (default: found from this file). */
  repoRoot?: string;
  /**
   * Each app calls the API on its own origin (`<app>/api/v1`, passed to the API by its static
   * server) as behind nginx in production, instead of cross-origin with CORS preflights.
   */
  sameOriginApi?: boolean;
}

export interface Stack {
  info: StackInfo;
  mail: SmtpCapture;
  fixtures: FixtureServer;
  /** Stops everything, in order; safe to call twice. */
  stop(): Promise<void>;
}

export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no pnpm-workspace.yaml above ${from}`);
    dir = parent;
  }
  return dir;
}

/** A port free right now on 127.0.0.1 (for the API, which must be told its port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function waitForHealth(api: GuardedProcess, origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (api.done) throw new Error(`the API exited during start-up:\n${api.output()}`);
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `GET /api/health answered ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    // Polling a state (the API listening and migrated), not waiting for time to pass.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), api.exited]);
  }
  throw new Error(`the API was not healthy within ${timeoutMs} ms (${last}):\n${api.output()}`);
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(`[e2e] ${line}`));
  const repoRoot = options.repoRoot ?? findRepoRoot();
  const apps = [...new Set(options.apps ?? [])];
  const adminEmails = options.adminEmails ?? [E2E_ADMIN_EMAIL];
  const started = Date.now();
  const timings: Record<string, number> = {};
  const timed = async <T>(stage: string, run: () => Promise<T>): Promise<T> => {
    const start = Date.now();
    const result = await run();
    timings[stage] = seconds(Date.now() - start);
    return result;
  };

  const apiEntry = join(repoRoot, 'apps', 'api', 'dist', 'server.js');
  if (!existsSync(apiEntry)) {
    throw new Error(`${apiEntry} is missing: build the API first (pnpm turbo run build --filter=@terres/api)`);
  }

  // What to undo, newest first, whatever fails on the way.
  const cleanups: { name: string; run: () => Promise<unknown> }[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const start = Date.now();
    const errors: unknown[] = [];
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup.run();
      } catch (error) {
        errors.push(error);
        log(`teardown: ${cleanup.name} failed: ${(error as Error).message}`);
      }
    }
    log(`stack stopped in ${seconds(Date.now() - start)} s`);
    if (errors.length > 0) throw new AggregateError(errors, 'the stack did not stop cleanly');
  };

  try {
    const workDir = await mkdtemp(join(tmpdir(), 'terres-e2e-'));
    cleanups.push({ name: 'temporary files', run: () => rm(workDir, { recursive: true, force: true }) });

    // 1. Servers of our own (all on port 0) and the database, at once.
    const [fixtures, mail, statics, database] = await Promise.all([
      timed('fixtures', startFixtureServer),
      timed('smtp', startSmtpCapture),
      Promise.all(
        APP_NAMES.map((app) =>
          startStaticServer({ notServedMessage: `${app} is not built in this end-to-end run (see its playwright.config.ts)` }),
        ),
      ),
      timed('database', () => createE2eDatabase(options.databaseServerUrl ?? (process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_SERVER_URL))),
    ]);
    cleanups.push({ name: 'fixture server', run: () => fixtures.close() });
    cleanups.push({ name: 'SMTP capture', run: () => mail.close() });
    for (const server of statics) cleanups.push({ name: 'static server', run: () => server.close() });
    cleanups.push({ name: `database ${database.name}`, run: () => database.drop() });
    const appServers = Object.fromEntries(APP_NAMES.map((app, index) => [app, statics[index]!])) as Record<AppName, StaticServer>;

    // 2. The API, and the app builds meanwhile (they only need the URLs, all known now).
    const port = await freePort();
    const apiOrigin = `http://127.0.0.1:${port}`;
    const apiUrl = `${apiOrigin}/api/v1`;
    const tileUrl = `${fixtures.url}/tiles/{z}/{x}/{y}.png`;
    const cadastreTileJsonUrl = `${fixtures.url}/cadastre.json`;
    const apiEnvironment: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: process.env.TZ,
      LANG: process.env.LANG,
      // `test`, not `development`: the API behaves the same in both (only production differs:
      // it refuses the simulator and needs SMTP_URL); `test` says what this process is. Codes
      // come from the SMTP capture below, not from the dev outbox (DEV_OUTBOX stays unset).
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Payment links lead back to this API (built on it, never on a request's Host).
      API_PUBLIC_URL: apiOrigin,
      DATABASE_URL: database.url,
      DATA_DIR: join(workDir, 'api-data'),
      SMTP_URL: mail.smtpUrl,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAILS: adminEmails.join(','),
      ADVERTISER_PORTAL_URL: appServers['advertiser-portal'].url,
      ADMIN_CONSOLE_URL: appServers['admin-console'].url,
      PAYMENT_PROVIDER: 'simulator',
      // The read caches on, as in production (NODE_ENV=test turns them off by default): the
      // journeys see each change through them (apps/api/README.md "Hot path").
      READ_CACHE: '1',
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      // Every browser of the run comes from 127.0.0.1: the per-IP limits would count the whole
      // suite as one client. The per-address limits stay (see forgetUsedCodes).
      OTP_REQUESTS_PER_IP: '1000000',
      OTP_CHECKS_PER_IP: '1000000',
      ...options.apiEnv,
    };
    const api = spawnGuarded('api', process.execPath, ['--enable-source-maps', apiEntry], {
      cwd: join(repoRoot, 'apps', 'api'),
      env: apiEnvironment,
      onLine: (line) => log(`[api] ${line}`),
      graceMs: 10_000,
    });
    cleanups.push({ name: 'API', run: () => api.stop() });

    const appApiUrl = (app: AppName) => (options.sameOriginApi ? `${appServers[app].url}/api/v1` : apiUrl);
    if (options.sameOriginApi) for (const app of APP_NAMES) appServers[app].proxyApi(apiOrigin);
    const viteEnv = {
      VITE_TILE_URL: tileUrl,
      VITE_CADASTRE_TILEJSON_URL: cadastreTileJsonUrl,
      VITE_ADDRESS_SEARCH_URL: fixtures.url,
      VITE_ADVERTISER_PORTAL_URL: appServers['advertiser-portal'].url,
      VITE_ADMIN_CONSOLE_URL: appServers['admin-console'].url,
    };
    const distDirs: Partial<Record<AppName, string>> = {};
    await Promise.all([
      timed('api', () => waitForHealth(api, apiOrigin, 60_000)),
      ...apps.map((app) =>
        timed(`build ${app}`, async () => {
          const outDir = join(workDir, app);
          await buildApp({
            appDir: join(repoRoot, 'apps', app),
            outDir,
            viteEnv: { ...viteEnv, VITE_API_URL: appApiUrl(app) },
            onLine: (line) => log(`[${app}] ${line}`),
          });
          appServers[app].setRoot(outDir);
          distDirs[app] = outDir;
        }),
      ),
    ]);

    timings.total = seconds(Date.now() - started);
    const info: StackInfo = {
      apiOrigin,
      apiUrl,
      apps: Object.fromEntries(
        APP_NAMES.map((app) => [
          app,
          { url: appServers[app].url, built: distDirs[app] !== undefined, distDir: distDirs[app] ?? null, apiUrl: appApiUrl(app) },
        ]),
      ) as StackInfo['apps'],
      fixturesUrl: fixtures.url,
      tileUrl,
      cadastreTileJsonUrl,
      addressSearchUrl: fixtures.url,
      smtpUrl: mail.smtpUrl,
      mailUrl: mail.httpUrl,
      databaseUrl: database.url,
      adminEmails,
      timings,
    };
    const stages = Object.entries(timings)
      .filter(([stage]) => stage !== 'total')
      .map(([stage, value]) => `${stage} ${value} s`)
      .join(', ');
    log(`stack ready in ${timings.total} s (${stages}; stages overlap)`);
    log(`api ${apiOrigin}, ${apps.map((app) => `${app} ${appServers[app].url}`).join(', ') || 'no app built'}, fixtures ${fixtures.url}`);
    return { info, mail, fixtures, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
