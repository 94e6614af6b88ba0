// Builds apps for tests without touching process.env, and serves them over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { HeavyWork } from '../../src/heavy/pool.js';
import { createDatabase, type Database } from '../../src/db/index.js';
import { systemScope } from '../../src/db/scope.js';
import { loadConfig, type Config, type EnvInput } from '../../src/env.js';

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret!';

/**
 * Generous per-IP limits: every test request comes from 127.0.0.1 and the counters live in the
 * run's one database (shared by every test file), so a default limit would be met by the run as a
 * whole. The tests of the limits themselves set theirs.
 */
const GENEROUS_PER_IP_LIMITS: EnvInput = {
  OTP_REQUESTS_PER_IP: '100000',
  OTP_CHECKS_PER_IP: '100000',
};

/**
 * The payment simulator, as `pnpm start` asks for it: the tests buy credits through it. A test
 * of the set-up without a provider passes `PAYMENT_PROVIDER: undefined`.
 */
const TEST_PAYMENTS: EnvInput = { PAYMENT_PROVIDER: 'simulator' };

/** A config from these variables only (the developer's shell is ignored); quiet logs. */
export function testConfig(env: EnvInput = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: TEST_AUTH_SECRET, ...GENEROUS_PER_IP_LIMITS, ...TEST_PAYMENTS, ...env }, {});
}

/** A temp directory removed by the returned function. */
export function tempDir(prefix = 'bourse-api-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface RunningApp {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export interface StartAppOptions {
  config: Config;
  database?: Database;
  /** Runs before listening: add test-only routes here. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Receives every log line (JSON); with `LOG_LEVEL` in the config to see more than nothing. */
  logStream?: { write(line: string): void };
  /**
   * Keep `config.apiPublicUrl` as given. By default it becomes the app's own loopback address,
   * so the links it hands out (payment links) lead back to it, as API_PUBLIC_URL does in a deployment.
   */
  keepPublicUrl?: boolean;
  /** The heavy-work pool to use (a test's own); by default the app builds one from the config. */
  heavyWork?: HeavyWork;
}

/**
 * A free port, held until `release()`: the app is built while it is held and listens right after
 * its release, so another process of the run cannot take it meanwhile (a loaded CI did, between
 * a port found free and the built app's listen: EADDRINUSE).
 */
function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address !== 'object') return reject(new Error('no TCP address'));
      resolve({ port: address.port, release: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

export async function startApp({ config, database, configure, logStream, keepPublicUrl = false, heavyWork }: StartAppOptions): Promise<RunningApp> {
  const { port, release } = await reservePort();
  const url = `http://127.0.0.1:${port}`;
  const appConfig = keepPublicUrl ? config : { ...config, apiPublicUrl: url };
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      config: appConfig,
      ...(database ? { database } : {}),
      ...(logStream ? { logStream } : {}),
      ...(heavyWork ? { heavyWork } : {}),
    });
    await configure?.(app);
  } finally {
    await release();
  }
  await app.listen({ host: '127.0.0.1', port });
  return { app, url, close: () => app.close() };
}

/**
 * An open, migrated database on the run's PostgreSQL database (see test/global-setup.ts). The
 * test's own queries (arranging rows, checking what was stored) run outside any request, under
 * the named system scope 'tests'; the app's requests run under their callers' scopes.
 */
export async function openPostgres(databaseUrl: string): Promise<Database> {
  const database = await createDatabase(testConfig({ DATABASE_URL: databaseUrl }), { unscoped: systemScope('tests') });
  await database.migrate();
  return database;
}
