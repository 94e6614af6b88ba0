// Builds apps for tests without touching process.env, and serves them over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/index.js';
import { loadConfig, type Config, type EnvInput } from '../../src/env.js';

export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret!';

/** A config from these variables only (the developer's shell is ignored); quiet logs. */
export function testConfig(env: EnvInput = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: TEST_AUTH_SECRET, ...env }, {});
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
}

export async function startApp({ config, database, configure }: StartAppOptions): Promise<RunningApp> {
  const app = await buildApp(database ? { config, database } : { config });
  await configure?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** An open, migrated database on the run's PostgreSQL database (see test/global-setup.ts). */
export async function openPostgres(databaseUrl: string): Promise<Database> {
  const database = await createDatabase(testConfig({ DATABASE_URL: databaseUrl }));
  await database.migrate();
  return database;
}
