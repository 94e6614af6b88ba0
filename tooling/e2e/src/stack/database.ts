// One fresh PostgreSQL database per run, on the server the API tests use (TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres). Its name carries the creating process id
// and the creation time, so a later run can drop what a killed run left behind, without touching
// the live database of another engineer's run on the same server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_DATABASE_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const PREFIX = 'terres_e2e_';
/** A run's database older than this whose process is gone is a leftover. */
const STALE_AFTER_MS = 60 * 60 * 1000;

export interface E2eDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres'), connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Names of leftover e2e databases: their process is gone and they are over an hour old. */
export function staleDatabases(names: string[], now = Date.now(), alive: (pid: number) => boolean = isAlive): string[] {
  return names.filter((name) => {
    const match = new RegExp(`^${PREFIX}(\\d+)_(\\d+)_[0-9a-f]+$`).exec(name);
    if (!match) return false;
    const [, pid, seconds] = match;
    return now - Number(seconds) * 1000 > STALE_AFTER_MS && !alive(Number(pid));
  });
}

export async function createE2eDatabase(serverUrl: string = DEFAULT_DATABASE_SERVER_URL): Promise<E2eDatabase> {
  const name = `${PREFIX}${process.pid}_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;
  await onServer(serverUrl, async (client) => {
    const existing = await client.query<{ datname: string }>(`select datname from pg_database where datname like '${PREFIX}%'`);
    for (const stale of staleDatabases(existing.rows.map((row) => row.datname))) {
      await client.query(`drop database if exists "${stale}" with (force)`).catch(() => {});
    }
    await client.query(`create database "${name}"`);
  });
  return {
    name,
    url: withDatabase(serverUrl, name),
    // FORCE (PostgreSQL 13+) ends the connections a killed API may have left open.
    drop: () => onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/**
 * Lets an address ask for a sign-in code again at once: the API allows one code a minute and
 * five an hour per address (CONTRACT §6), and journeys sign the same people in many times. Only
 * codes already used are moved an hour back; a code still waiting keeps the real cooldown, so the
 * app's 'Veuillez patienter...' path can still be tested.
 */
export async function forgetUsedCodes(databaseUrl: string, email: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(
      `update one_time_codes set created_at = created_at - interval '61 minutes'
        where email = lower($1) and consumed_at is not null`,
      [email.trim()],
    );
  } finally {
    await client.end();
  }
}
