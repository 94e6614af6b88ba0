// The log over HTTP (issue 13): request ids in and out, and no code, token, address or search
// text in any line, read at `trace` while a user signs in, refreshes, searches and pays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile, ORGANIZATION_BODY } from '../test/helpers/fixtures.js';
import { packsOf } from '../test/helpers/payments.js';
import { httpRequest, refreshOptions, refreshTokenFromCookie, startApiForTest, uniqueEmail, type TestApi } from '../test/helpers/session.js';
import { codeOf } from '../test/helpers/smtp.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; route?: string; url: string; remoteNetwork?: string };
  res?: { statusCode: number };
  responseTime?: number;
  [key: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the log', () => {
  const lines: string[] = [];
  let api: TestApi;

  beforeAll(async () => {
    api = await startApiForTest({ LOG_LEVEL: 'trace' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });

  afterAll(async () => {
    await api?.close();
  });

  const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

  it('holds no code, token, address or search text through a sign-in, a refresh, a search and a payment link', async () => {
    const email = uniqueEmail('journal.prive');
    const requested = await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    expect(requested.status).toBe(202);
    const code = codeOf(await api.smtp.waitForMessage(email, (m) => /\d{6}/.test(m.text)));
    const verified = await api.request('POST', '/auth/magic-link/verify', { body: { email, otp: code } });
    expect(verified.status).toBe(200);
    const device = /^[^=]+=([^;]+)/.exec(verified.headers.get('set-cookie') ?? '')?.[1];
    expect(device).toBeTruthy();
    const { accessToken } = verified.body as { accessToken: string };
    const refreshToken = refreshTokenFromCookie(verified.headers)!;

    const refreshed = await api.request('POST', '/auth/refresh', refreshOptions(refreshToken));
    expect(refreshed.status).toBe(200);
    const renewed = { ...(refreshed.body as { accessToken: string }), refreshToken: refreshTokenFromCookie(refreshed.headers)! };
    // The old token again: a reuse inside the grace window, then a wrong one.
    await api.request('POST', '/auth/refresh', refreshOptions(refreshToken));
    await api.request('POST', '/auth/refresh', refreshOptions(`${renewed.refreshToken}x`));
    await api.request('POST', '/auth/magic-link/verify', { body: { email, otp: '000000' } });

    await completeProfile(api, renewed.accessToken, 'Éloïse', 'Vasseur-Kerjean');
    const created = await api.request('POST', '/organizations', { token: renewed.accessToken, body: ORGANIZATION_BODY });
    expect(created.status).toBe(201);
    const search = await api.request('GET', '/inquiries?q=Vasseur-Kerjean&page=1&page_size=20', { token: renewed.accessToken });
    expect(search.status).toBe(200);
    const [pack] = await packsOf(api, renewed.accessToken);
    const link = new URL(pack!.link);
    const checkoutToken = link.searchParams.get('token')!;
    expect((await httpRequest(pack!.link, 'GET', { headers: { accept: 'text/html' } })).status).toBe(200);
    // A bad bearer token is logged nowhere either.
    await api.request('GET', '/users/me', { token: `${accessToken}garbage` });

    expect(lines.length).toBeGreaterThan(20);
    const secrets = {
      email,
      'e-mail local part': email.split('@')[0]!,
      code,
      accessToken,
      refreshToken,
      'new access token': renewed.accessToken,
      'new refresh token': renewed.refreshToken,
      'device cookie': device!,
      'checkout token': checkoutToken,
      'searched name': 'Vasseur',
      'last name': 'Kerjean',
    };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(lines.filter((line) => line.includes(secret)), what).toEqual([]);
    }
    // The full address of the client neither: its network only.
    expect(lines.filter((line) => line.includes('"127.0.0.1"'))).toEqual([]);

    // Each request's line (at completion) shows its path with only harmless query values, and
    // the client's network.
    const completed = parsed().filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.req!.url)).toContain('/api/v1/inquiries?q=[redacted]&page=1&page_size=20');
    expect(completed.map((line) => line.req!.url)).toContain('/api/v1/payments/simulator/checkout?token=[redacted]');
    expect(completed[0]!.req!.remoteNetwork).toBe('127.0.0.0/24');
  });

  it('gives every request an id, logged on each of its lines and answered in X-Request-Id', async () => {
    const before = lines.length;
    const answer = await fetch(`${api.url}/api/health/live`);
    expect(answer.status).toBe(200);
    const id = answer.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const mine = parsed()
      .slice(before)
      .filter((line) => line.reqId === id);
    // One line per request at `info` and above, written when it is answered: what was asked,
    // by which route, how it ended and how long it took. Its arrival is logged at `debug` only
    // (this log reads `trace`).
    expect(mine.filter((line) => line.level >= 30).map((line) => line.msg)).toEqual(['request completed']);
    expect(mine.filter((line) => line.level < 30).map((line) => line.msg)).toContain('incoming request');
    const completed = mine.find((line) => line.msg === 'request completed')!;
    expect(completed).toMatchObject({
      level: 30,
      req: { method: 'GET', route: '/api/health/live', url: '/api/health/live', remoteNetwork: '127.0.0.0/24' },
      res: { statusCode: 200 },
    });
    expect(completed.responseTime).toEqual(expect.any(Number));

    // A client's (or a proxy's) id is kept when it is a plain token, on errors too.
    for (const [path, status] of [
      ['/api/health/live', 200],
      ['/api/v1/users/me', 401],
      ['/api/nowhere', 404],
      // Refused by the router before any hook (a URL that does not decode).
      ['/api/v1/inquiries/%E0%A4%A', 400],
    ] as const) {
      const traced = await fetch(`${api.url}${path}`, { headers: { 'x-request-id': 'edge-7f3a.42:retry_1' } });
      expect(traced.status).toBe(status);
      expect(traced.headers.get('x-request-id')).toBe('edge-7f3a.42:retry_1');
    }
    // Each of them logged under that id, with its status; the router's refusal (no route, no
    // hook, so no completion line) by its own line.
    const traced = parsed().filter((line) => line.reqId === 'edge-7f3a.42:retry_1');
    expect(traced.filter((line) => line.msg === 'request completed').map((line) => line.res!.statusCode)).toEqual([200, 401, 404]);
    expect(traced.map((line) => line.msg)).toContain('router refused the request 400');

    // Anything else is replaced: too long, spaces, quotes, an address, several values.
    for (const given of ['x'.repeat(129), 'a b', 'id"}{"level":60', 'camille@exemple.fr', '']) {
      const answer = await fetch(`${api.url}/api/health/live`, { headers: { 'x-request-id': given } });
      expect(answer.headers.get('x-request-id'), given).toMatch(UUID);
    }
  });
});
