// The dev outbox (no SMTP_URL) and a sign-in on embedded PGlite: what `pnpm start` runs on.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/index.js';
import { openPostgres, startApp, tempDir, testConfig, type RunningApp } from '../../../test/helpers/app.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { httpRequest } from '../../../test/helpers/session.js';

describe('dev outbox on embedded PGlite', () => {
  const dir = tempDir();
  let running: RunningApp;

  beforeAll(async () => {
    const config = testConfig({ DATA_DIR: dir.path });
    // As server.ts does: migrate, then serve.
    const database = await createDatabase(config);
    await database.migrate();
    running = await startApp({ config, database });
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

  it('registers through a code read from GET /api/dev/outbox', async () => {
    const email = 'camille.martin@terrassements-alsace.fr';
    const requested = await httpRequest(`${running.url}/api/v1/auth/register/magic-link/request`, 'POST', { body: { email } });
    expect(requested.status).toBe(202);
    const outbox = await httpRequest(`${running.url}/api/dev/outbox`, 'GET');
    expect(outbox.status).toBe(200);
    expectResponseMatches('GET', '/dev/outbox', 200, outbox.body);
    const [mail] = outbox.body as { to: string; text: string }[];
    expect(mail!.to).toBe(email);
    const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail!.text)![1]!;
    const verified = await httpRequest(`${running.url}/api/v1/auth/magic-link/verify`, 'POST', { body: { email, otp: code } });
    expect(verified.status).toBe(200);
    expect(verified.body.user.role).toBe('OWNER');
  });
});

describe('dev outbox in production', () => {
  it('does not exist', async () => {
    // On the run's PostgreSQL: booting a second PGlite here would only slow the run down.
    const database = await openPostgres(inject('databaseUrl'));
    const running = await startApp({
      config: testConfig({ NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), ALLOW_PAYMENT_SIMULATOR: '1', DATABASE_URL: inject('databaseUrl') }),
      database,
    });
    try {
      const outbox = await httpRequest(`${running.url}/api/dev/outbox`, 'GET');
      expect(outbox.status).toBe(404);
    } finally {
      await running.close();
      await database.close();
    }
  });
});
