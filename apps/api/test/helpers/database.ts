// One fresh PostgreSQL database per test run: `bourse_test_<random>` on the server of
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), created and migrated
// by test/global-setup.ts before any integration test, dropped when the run ends.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';

export const DEFAULT_TEST_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  // Connect to the maintenance database of that server, whatever database the URL names.
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(
  serverUrl: string = process.env.TEST_DATABASE_URL || DEFAULT_TEST_SERVER_URL,
): Promise<TestDatabase> {
  const name = `bourse_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}"`));
  return {
    name,
    url: withDatabase(serverUrl, name),
    drop: () =>
      // FORCE (PostgreSQL 13+) ends connections a crashed test may have left open.
      onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/** How many migrations the repository ships (drizzle's journal), so tests follow new ones. */
export function shippedMigrationCount(): number {
  const journal = JSON.parse(
    readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}
