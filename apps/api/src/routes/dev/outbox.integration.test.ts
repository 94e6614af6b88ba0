// The dev outbox (DEV_OUTBOX=1, no SMTP_URL) and a sign-in on embedded PGlite: what `pnpm start`
// runs on. The outbox exists only when asked for, answers loopback clients only, and no code
// ever reaches the log.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/index.js';
import { openPostgres, startApp, tempDir, testConfig, type RunningApp } from '../../../test/helpers/app.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { httpRequest, signIn, startApiForTest, uniqueEmail } from '../../../test/helpers/session.js';
import type { EnvInput } from '../../env.js';

const CODE = /(?<!\d)(\d{6})(?!\d)/;

/** Log lines, as the API wrote them (JSON, one per line). */
function logCapture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('dev outbox on embedded PGlite (DEV_OUTBOX=1)', () => {
  const dir = tempDir();
  const log = logCapture();
  let running: RunningApp;

  beforeAll(async () => {
    const config = testConfig({ DATA_DIR: dir.path, DEV_OUTBOX: '1', LOG_LEVEL: 'trace' });
    // As server.ts does: migrate, then serve.
    const database = await createDatabase(config);
    await database.migrate();
    running = await startApp({ config, database, logStream: log.stream });
    const close = running.close;
    running.close = async () => {
      await close();
      await database.close();
    };
  });

  afterAll(async () => {
    await running?.close();
    dir.remove();
  });

  it('registers through a code read from GET /api/dev/outbox, and the log never shows it', async () => {
    const email = 'camille.martin@terrassements-alsace.fr';
    const requested = await httpRequest(`${running.url}/api/v1/auth/register/magic-link/request`, 'POST', { body: { email } });
    expect(requested.status).toBe(202);
    const outbox = await httpRequest(`${running.url}/api/dev/outbox`, 'GET');
    expect(outbox.status).toBe(200);
    expectResponseMatches('GET', '/dev/outbox', 200, outbox.body);
    const [mail] = outbox.body as { to: string; text: string }[];
    expect(mail!.to).toBe(email);
    const code = CODE.exec(mail!.text)![1]!;
    const verified = await httpRequest(`${running.url}/api/v1/auth/magic-link/verify`, 'POST', { body: { email, otp: code } });
    expect(verified.status).toBe(200);
    expect(verified.body.user.role).toBe('OWNER');

    expect(log.lines.some((line) => line.includes('dev outbox: e-mail kept'))).toBe(true);
    expect(log.lines.filter((line) => line.includes(code))).toEqual([]);
  });

  it('answers only a client on this machine, never one a proxy forwarded', async () => {
    const remote = await running.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.headers['content-type']).toContain('application/problem+json');
    expect(remote.body).not.toMatch(CODE);
    const mapped = await running.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '::ffff:127.0.0.1' });
    expect(mapped.statusCode).toBe(200);
    const proxies: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }];
    for (const headers of proxies) {
      const proxied = await httpRequest(`${running.url}/api/dev/outbox`, 'GET', { headers });
      expect(proxied.status).toBe(404);
      expectResponseMatches('GET', '/dev/outbox', 404, proxied.body);
    }
  });
});

describe('without DEV_OUTBOX', () => {
  async function outboxStatus(env: EnvInput): Promise<number> {
    // On the run's PostgreSQL: booting a second PGlite here would only slow the run down.
    const database = await openPostgres(inject('databaseUrl'));
    const running = await startApp({ config: testConfig({ DATABASE_URL: inject('databaseUrl'), ...env }), database });
    try {
      return (await httpRequest(`${running.url}/api/dev/outbox`, 'GET')).status;
    } finally {
      await running.close();
      await database.close();
    }
  }

  it('has no outbox with NODE_ENV unset (development), in test, or with SMTP_URL', async () => {
    expect(await outboxStatus({ NODE_ENV: undefined })).toBe(404);
    expect(await outboxStatus({})).toBe(404);
    expect(await outboxStatus({ DEV_OUTBOX: '1', SMTP_URL: 'smtp://127.0.0.1:9' })).toBe(404);
  });

  it('has none in production', async () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      ALLOW_PAYMENT_SIMULATOR: '1',
      SMTP_URL: 'smtp://127.0.0.1:9',
      API_PUBLIC_URL: 'https://api.bourse-terres.test',
    } as const;
    expect(await outboxStatus(production)).toBe(404);
  });

  it('answers a code request 503 when there is no mail transport at all', async () => {
    const log = logCapture();
    const database = await openPostgres(inject('databaseUrl'));
    const running = await startApp({
      config: testConfig({ DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'trace' }),
      database,
      logStream: log.stream,
    });
    try {
      const email = uniqueEmail('sans-smtp');
      const answer = await httpRequest(`${running.url}/api/v1/auth/register/magic-link/request`, 'POST', { body: { email } });
      expect(answer.status).toBe(503);
      expect(answer.body.detail).toBe("L'envoi de l'e-mail a échoué. Veuillez réessayer dans quelques instants.");
      expect(log.lines.some((line) => line.includes('no mail transport'))).toBe(true);
    } finally {
      await running.close();
      await database.close();
    }
  });
});

describe('the log over SMTP', () => {
  it('never holds a sign-in code: requests, wrong and right answers, unknown addresses', async () => {
    const log = logCapture();
    const api = await startApiForTest({ LOG_LEVEL: 'trace' }, { logStream: log.stream });
    try {
      const email = uniqueEmail('journal');
      const session = await signIn(api, email, { register: true });
      expect(session.user.email).toBe(email);
      const codes = api.smtp.messages.map((message) => CODE.exec(message.text)?.[1]).filter((code): code is string => code !== undefined);
      expect(codes.length).toBeGreaterThan(0);
      await api.request('POST', '/auth/magic-link/verify', { body: { email, otp: '000000' } });
      await api.request('POST', '/auth/login/magic-link/request', { body: { email: uniqueEmail('inconnu') } });
      expect(log.lines.length).toBeGreaterThan(5);
      for (const code of codes) expect(log.lines.filter((line) => line.includes(code))).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
