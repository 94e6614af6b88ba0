// The harness's own check: the stack starts with the built API on a fresh database, the API
// mails a sign-in code through the SMTP capture, the fixture server answers, and stopping leaves
// no process and no database behind. Needs `apps/api/dist` (turbo builds it before this test).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailClient } from '../src/mail';
import { E2eApi } from '../src/playwright/api';
import { DEFAULT_DATABASE_SERVER_URL, startStack, type Stack } from '../src/stack';

let stack: Stack;
const lines: string[] = [];

beforeAll(async () => {
  stack = await startStack({ log: (line) => lines.push(line) });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startStack', () => {
  it('serves a healthy API and says how long each stage took', async () => {
    const response = await fetch(`${stack.info.apiOrigin}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(stack.info.apiUrl).toBe(`${stack.info.apiOrigin}/api/v1`);
    expect(Object.keys(stack.info.timings)).toEqual(expect.arrayContaining(['database', 'api', 'fixtures', 'smtp', 'total']));
    expect(lines.some((line) => /^stack ready in [\d.]+ s \(.*api [\d.]+ s/.test(line))).toBe(true);
  });

  it('mails a sign-in code through the SMTP capture, readable from a worker', async () => {
    const mail = createMailClient(stack.info.mailUrl);
    const since = Date.now();
    const response = await fetch(`${stack.info.apiUrl}/auth/login/magic-link/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stack.info.adminEmails[0] }),
    });
    expect(response.status).toBe(202);
    const code = await mail.lastCode(stack.info.adminEmails[0]!, { since });
    expect(code).toMatch(/^\d{6}$/);

    const verify = await fetch(`${stack.info.apiUrl}/auth/magic-link/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stack.info.adminEmails[0], otp: code }),
    });
    expect(verify.status).toBe(200);
    expect(((await verify.json()) as { user: { role: string } }).user.role).toBe('ADMIN');
  });

  it('seeds a verified owner with credits through the API, who can sign in again at once', async () => {
    const api = new E2eApi(stack.info, createMailClient(stack.info.mailUrl));
    const owner = await api.seedOwner({ email: 'seeded-owner@e2e.test', credits: 1200 });
    const organization = await api.call<{ verified: boolean; creditBalance: number; name: string }>(owner.session, 'GET', '/organizations/me');
    expect(organization).toMatchObject({ verified: true, creditBalance: 1200, name: 'Terrassements du Sundgau' });
    // The API allows one code a minute per address; forgetUsedCodes lets journeys sign in again.
    const again = await api.signIn('seeded-owner@e2e.test');
    expect(again.user).toMatchObject({ role: 'OWNER', organizationId: owner.organizationId, firstName: 'Alex' });
  });

  it('answers the map fixtures and names apps it did not build', async () => {
    expect((await fetch(`${stack.info.fixturesUrl}/cadastre.json`)).status).toBe(200);
    const search = (await (await fetch(`${stack.info.addressSearchUrl}/search/?q=strasbourg&limit=5`)).json()) as { features: unknown[] };
    expect(search.features.length).toBeGreaterThan(0);
    expect(stack.info.apps['advertiser-portal'].built).toBe(false);
    const portal = await fetch(stack.info.apps['advertiser-portal'].url);
    expect(portal.status).toBe(503);
    expect(await portal.text()).toContain('advertiser-portal is not built in this end-to-end run');
  });

  it('stops the API and drops its database', async () => {
    const databaseName = new URL(stack.info.databaseUrl).pathname.slice(1);
    const apiPid = await pidListening(stack.info.apiOrigin);
    expect(apiPid).not.toBeNull();
    expect(isAlive(apiPid!)).toBe(true);
    await stack.stop();
    await expect(fetch(`${stack.info.apiOrigin}/api/health`)).rejects.toThrow();
    expect(isAlive(apiPid!)).toBe(false);
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_SERVER_URL });
    await client.connect();
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
      expect(found.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});

/** The pid of the process listening on that origin's port, from /proc (Linux), or null. */
async function pidListening(origin: string): Promise<number | null> {
  const { readFile, readdir, readlink } = await import('node:fs/promises');
  const port = Number(new URL(origin).port);
  const table = await readFile('/proc/net/tcp', 'utf8').catch(() => '');
  const inode = table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .find((cols) => cols[3] === '0A' && Number.parseInt(cols[1]?.split(':')[1] ?? '', 16) === port)?.[9];
  if (!inode) return null;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')) === `socket:[${inode}]`) return Number(pid);
    }
  }
  return null;
}
