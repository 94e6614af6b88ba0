import { randomInt, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeOrganizationSessions, revokeUserSessions } from '../../auth/sessions.js';
import { signInvitationToken } from '../../auth/tokens.js';
import { invitations, organizations, users } from '../../db/schema.js';
import { TEST_AUTH_SECRET } from '../../../test/helpers/app.js';
import { uniqueSiret } from '../../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import {
  refreshOptions,
  refreshTokenFromCookie,
  registerOwner,
  SESSION_HEADERS,
  signIn,
  skipCodeCooldown,
  startApiForTest,
  uniqueEmail,
  type LoginResponse,
  type TestApi,
} from '../../../test/helpers/session.js';
import { codeOf } from '../../../test/helpers/smtp.js';

let api: TestApi;

beforeAll(async () => {
  api = await startApiForTest();
});

afterAll(async () => {
  await api?.close();
});

async function requestLogin(email: string) {
  return api.request('POST', '/auth/login/magic-link/request', { body: { email } });
}

async function verify(email: string, otp: string) {
  return api.request<LoginResponse & { detail?: string }>('POST', '/auth/magic-link/verify', { body: { email, otp } });
}

async function codeFor(email: string): Promise<string> {
  return codeOf(await api.smtp.waitForMessage(email, (m) => /\d{6}/.test(m.text)));
}

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

async function newOrganization(name = 'Terrassements du Ried'): Promise<string> {
  const [row] = await api.database.db
    .insert(organizations)
    .values({ name, registrationNumber: uniqueSiret(), legalForm: 'SAS', street: '1 rue du Rhin', postcode: '68000', city: 'Colmar' })
    .returning({ id: organizations.id });
  return row!.id;
}

describe('registration and login', () => {
  it('registers an OWNER without organisation from an e-mailed 6-digit code', async () => {
    const email = uniqueEmail('camille');
    const requested = await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    expect(requested.status).toBe(202);
    expectResponseMatches('POST', '/auth/register/magic-link/request', 202, requested.body);

    const mail = await api.smtp.waitForMessage(email);
    expect(mail.subject).toBe('Votre code de création de compte Bourse aux terres');
    const code = codeOf(mail);
    expect(mail.text).toMatch(/Bonjour/);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('lang="fr"');

    const verified = await verify(email, code);
    expect(verified.status).toBe(200);
    expectResponseMatches('POST', '/auth/magic-link/verify', 200, verified.body);
    expect(verified.body.user).toMatchObject({ email, role: 'OWNER', organizationId: null, firstName: null });
    const access = Date.parse(verified.body.accessTokenExpirationDate) - Date.now();
    expect(access).toBeGreaterThan(14 * 60_000);
    expect(access).toBeLessThanOrEqual(15 * 60_000);
    const refresh = Date.parse(verified.body.refreshTokenExpirationDate) - Date.now();
    expect(refresh).toBeGreaterThan(29 * 86_400_000);

    const me = await api.request('GET', '/users/me', { token: verified.body.accessToken });
    expect(me.status).toBe(200);
    expectResponseMatches('GET', '/users/me', 200, me.body);
    expect(me.body).toMatchObject({ id: verified.body.user.id, email, role: 'OWNER' });
  });

  it('signs an existing account in again, never creating a second one (register or login)', async () => {
    const email = uniqueEmail('lucas');
    const first = await registerOwner(api, email);
    await skipCodeCooldown(api, email);
    const again = await signIn(api, email.toUpperCase(), { register: true });
    expect(again.user.id).toBe(first.user.id);
    await skipCodeCooldown(api, email);
    const login = await signIn(api, email);
    expect(login.user.id).toBe(first.user.id);
    const rows = await api.database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it('answers an unknown address exactly like a known one, with no usable code', async () => {
    const known = uniqueEmail('connu');
    await registerOwner(api, known);
    await skipCodeCooldown(api, known);
    const unknown = uniqueEmail('inconnu');

    const a = await requestLogin(known);
    const b = await requestLogin(unknown);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body).toEqual(b.body);
    const notice = await api.smtp.waitForMessage(unknown);
    expect(notice.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    expect(notice.text).toContain('/register');
    // The cooldown applies the same way.
    expect((await requestLogin(unknown)).status).toBe(429);
    expect((await requestLogin(known)).status).toBe(429);
    // And no guess signs anyone in.
    const guess = await verify(unknown, '123456');
    expect(guess.status).toBe(400);
    expect(await api.database.db.select().from(users).where(eq(users.email, unknown))).toHaveLength(0);
  });

  it('refuses a malformed e-mail or code with the French message, and sends nothing', async () => {
    const before = api.smtp.messages.length;
    const bad = await requestLogin('pas-une-adresse');
    expect(bad.status).toBe(422);
    expectResponseMatches('POST', '/auth/login/magic-link/request', 422, bad.body);
    expect(bad.body.detail).toBe('Veuillez entrer un email valide.');
    expect(bad.body.errors).toEqual({ email: 'Veuillez entrer un email valide.' });
    const badCode = await verify(uniqueEmail(), '12a456');
    expect(badCode.status).toBe(422);
    expect(badCode.body.detail).toBe('Veuillez entrer un code à 6 chiffres.');
    const notJson = await api.request('POST', '/auth/login/magic-link/request', { body: '[1]' });
    expect(notJson.status).toBe(400);
    expect(api.smtp.messages.length).toBe(before);
  });

  it('refuses an address no mail server takes with a 422, not a failed send (503; issue 12, found by the fuzzer)', async () => {
    const before = api.smtp.messages.length;
    for (const email of ['camille..martin@exemple.fr', '.camille@exemple.fr', 'camille@exemple_chantier.fr']) {
      for (const path of ['/auth/login/magic-link/request', '/auth/register/magic-link/request']) {
        const refused = await api.request('POST', path, { body: { email } });
        expect(refused.status, `${path} ${email}`).toBe(422);
        expectResponseMatches('POST', path, 422, refused.body);
      }
    }
    expect(api.smtp.messages.length).toBe(before);
  });

  it('names a missing field in French, as an empty one (issue 12, found by the fuzzer)', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['/auth/login/magic-link/request', {}],
      ['/auth/register/magic-link/request', { mail: 'camille@exemple.fr' }],
      ['/auth/magic-link/verify', { otp: '123456' }],
      ['/auth/magic-link/verify', { email: uniqueEmail() }],
    ];
    for (const [path, body] of calls) {
      const refused = await api.request('POST', path, { body });
      expect(refused.status, path).toBe(422);
      expectResponseMatches('POST', path, 422, refused.body);
      expect(refused.body.detail, path).not.toMatch(/Invalid|Expected|received/);
      const empty = await api.request('POST', path, { body: { email: '', otp: '', ...body } });
      expect(refused.body.detail, path).toBe(empty.body.detail);
    }
  });

  it('gives an ADMIN_EMAILS address its ADMIN account on its first request', async () => {
    const session = await signIn(api, api.adminEmail);
    expect(session.user).toMatchObject({ role: 'ADMIN', organizationId: null });
  });
});

describe('codes', () => {
  it('is single use', async () => {
    const email = uniqueEmail();
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const code = await codeFor(email);
    expect((await verify(email, code)).status).toBe(200);
    const reused = await verify(email, code);
    expect(reused.status).toBe(400);
    expectResponseMatches('POST', '/auth/magic-link/verify', 400, reused.body);
  });

  it('expires after 10 minutes', async () => {
    const email = uniqueEmail();
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const code = await codeFor(email);
    const [row] = (
      await api.database.db.execute<{ minutes: number }>(
        sql`select extract(epoch from (expires_at - created_at)) / 60 as minutes from one_time_codes where email = ${email}`,
      )
    ).rows;
    expect(Number(row!.minutes)).toBe(10);
    await api.database.db.execute(
      sql`update one_time_codes set expires_at = now() - interval '1 second' where email = ${email}`,
    );
    const late = await verify(email, code);
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('Ce code a expiré ou a déjà été utilisé. Demandez un nouveau code.');
  });

  it('voids the code after 5 wrong tries, even 20 in parallel', async () => {
    const email = uniqueEmail();
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const code = await codeFor(email);
    const guesses = await Promise.all(Array.from({ length: 20 }, () => verify(email, wrongCode(code))));
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    expect(guesses.filter((g) => g.body.detail === 'Code incorrect. Veuillez réessayer.')).toHaveLength(4);
    expect(guesses.filter((g) => g.body.detail === 'Trop de tentatives. Ce code est annulé : demandez un nouveau code.')).toHaveLength(1);
    const right = await verify(email, code);
    expect(right.status).toBe(400);
  });

  it('makes one session from two parallel right answers', async () => {
    const email = uniqueEmail();
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const code = await codeFor(email);
    const results = await Promise.all([verify(email, code), verify(email, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    // One account, one session family (the loser opened none).
    const { rows } = await api.database.db.execute<{ accounts: number; sessions: number }>(
      sql`select count(distinct u.id)::int as accounts, count(f.id)::int as sessions
          from users u left join session_families f on f.user_id = u.id where lower(u.email) = ${email}`,
    );
    expect(rows[0]).toEqual({ accounts: 1, sessions: 1 });
  });

  // An existing account's login code takes the sign-in's short path (issue 23: no transaction,
  // no lock; each write one atomic statement on the code's row): the same guarantees.
  it("an existing account's login code: single use, one session from three parallel right answers, the refresh token works", async () => {
    const email = uniqueEmail('rapide');
    const owner = await registerOwner(api, email);
    await skipCodeCooldown(api, email);
    await requestLogin(email);
    const code = await codeFor(email);
    const results = await Promise.all([verify(email, code), verify(email, code), verify(email, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const won = results.find((r) => r.status === 200)!;
    expectResponseMatches('POST', '/auth/magic-link/verify', 200, won.body);
    expect(won.body.user).toMatchObject({ id: owner.user.id, email, role: 'OWNER' });
    for (const lost of results.filter((r) => r.status === 400)) {
      expect(lost.body.detail).toBe('Ce code a expiré ou a déjà été utilisé. Demandez un nouveau code.');
    }
    // The registration's session and this one: two families, each with one refresh token.
    const { rows } = await api.database.db.execute<{ sessions: number; tokens: number; consumed: number }>(
      sql`select (select count(*)::int from session_families where user_id = ${owner.user.id}) as sessions,
                 (select count(*)::int from refresh_tokens where user_id = ${owner.user.id}) as tokens,
                 (select count(*)::int from one_time_codes where email = ${email} and consumed_at is not null) as consumed`,
    );
    expect(rows[0]).toEqual({ sessions: 2, tokens: 2, consumed: 2 });
    expect((await api.request('GET', '/users/me', { token: won.body.accessToken })).status).toBe(200);
    const refreshed = await api.request<LoginResponse>('POST', '/auth/refresh', refreshOptions(refreshTokenFromCookie(won.headers)!));
    expect(refreshed.status).toBe(200);
    expect((await verify(email, code)).status).toBe(400);
  });

  it("an existing account's login code: 20 parallel wrong guesses count 5, the 5th voids it, the right code then fails", async () => {
    const email = uniqueEmail('devine');
    await registerOwner(api, email);
    await skipCodeCooldown(api, email);
    await requestLogin(email);
    const code = await codeFor(email);
    const guesses = await Promise.all(Array.from({ length: 20 }, () => verify(email, wrongCode(code))));
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    expect(guesses.filter((g) => g.body.detail === 'Code incorrect. Veuillez réessayer.')).toHaveLength(4);
    expect(guesses.filter((g) => g.body.detail === 'Trop de tentatives. Ce code est annulé : demandez un nouveau code.')).toHaveLength(1);
    const { rows } = await api.database.db.execute<{ failed: number; voided: boolean }>(
      sql`select failed_attempts as failed, voided_at is not null as voided from one_time_codes where email = ${email} and purpose = 'LOGIN'`,
    );
    expect(rows).toEqual([{ failed: 5, voided: true }]);
    expect((await verify(email, code)).status).toBe(400);
  });

  it('waits 60 s between codes for one address (429 with Retry-After), and a new code voids the old', async () => {
    const email = uniqueEmail();
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const first = await codeFor(email);
    const tooSoon = await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    expect(tooSoon.status).toBe(429);
    expectResponseMatches('POST', '/auth/register/magic-link/request', 429, tooSoon.body);
    expect(tooSoon.body.detail).toBe('Veuillez patienter avant de demander un nouveau code.');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);
    await skipCodeCooldown(api, email);
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const second = await codeFor(email);
    if (first !== second) expect((await verify(email, first)).status).toBe(400);
    expect((await verify(email, second)).status).toBe(200);
  });

  it('allows 5 codes per hour per address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) {
      await api.database.db.execute(
        sql`update one_time_codes set created_at = created_at - interval '61 seconds' where email = ${email}`,
      );
      expect((await api.request('POST', '/auth/register/magic-link/request', { body: { email } })).status).toBe(202);
    }
    await api.database.db.execute(
      sql`update one_time_codes set created_at = created_at - interval '61 seconds' where email = ${email}`,
    );
    const sixth = await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    expect(sixth.status).toBe(429);
  });
});

describe('device cookies: a stranger cannot lock a user out', () => {
  const WRONG = 'Code incorrect. Veuillez réessayer.';
  const VOIDED = 'Trop de tentatives. Ce code est annulé : demandez un nouveau code.';

  /** The device cookie set by an answer, as `name=value` for a Cookie header. */
  function deviceCookieOf(response: { headers: Headers }): string {
    const header = response.headers.getSetCookie().find((line) => line.startsWith('terres_device='));
    if (!header) throw new Error('no device cookie');
    return header.split(';')[0]!;
  }

  function requestLoginAs(email: string, cookie?: string) {
    return api.request('POST', '/auth/login/magic-link/request', { body: { email }, headers: cookie ? { cookie } : {} });
  }

  function verifyAs(email: string, otp: string, cookie?: string) {
    return api.request<LoginResponse & { detail?: string }>('POST', '/auth/magic-link/verify', {
      body: { email, otp },
      headers: cookie ? { cookie } : {},
    });
  }

  /** Moves one budget's codes back past the minute: `device` true for the known devices', false for the strangers'. */
  async function skipBudgetCooldown(email: string, device: boolean) {
    await api.database.db.execute(
      sql`update one_time_codes set created_at = created_at - interval '61 seconds'
          where email = ${email} and (device_id is not null) = ${device}`,
    );
  }

  /** Registers an owner and answers its device cookie. */
  async function ownerWithDevice(): Promise<{ email: string; cookie: string }> {
    const email = uniqueEmail('proprio');
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const verified = await verify(email, await codeFor(email));
    expect(verified.status).toBe(200);
    return { email, cookie: deviceCookieOf(verified) };
  }

  it('issues an HttpOnly, SameSite=Strict cookie at sign-in, for the sign-in calls only, naming no address', async () => {
    const email = uniqueEmail('cookie');
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const verified = await verify(email, await codeFor(email));
    const header = verified.headers.getSetCookie().find((line) => line.startsWith('terres_device='))!;
    expect(header).toMatch(/; Path=\/api\/v1\/auth(;|$)/);
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; SameSite=Strict(;|$)/);
    expect(header).toMatch(/; Max-Age=31536000(;|$)/);
    expect(header).not.toMatch(/; Secure/); // plain http outside production
    expect(header.toLowerCase()).not.toContain(email.split('@')[0]!);
    // A wrong code sets none.
    const wrong = await verify(email, '000000');
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('lets a known browser sign in while a stranger voids the code and uses up the hour', async () => {
    const { email, cookie } = await ownerWithDevice();

    // The stranger (whose codes go to the owner's mailbox): a code, five wrong guesses (voided),
    // then the rest of the hour's codes.
    await skipBudgetCooldown(email, false);
    expect((await requestLoginAs(email)).status).toBe(202);
    const mailed = await codeFor(email);
    const guesses = [];
    for (let i = 0; i < 5; i += 1) guesses.push((await verifyAs(email, wrongCode(mailed))).body.detail);
    expect(guesses).toEqual([WRONG, WRONG, WRONG, WRONG, VOIDED]);
    // The registration's code was the strangers' budget too (no cookie yet): 3 more make 5.
    for (let i = 0; i < 3; i += 1) {
      await skipBudgetCooldown(email, false);
      expect((await requestLoginAs(email)).status).toBe(202);
      await codeFor(email);
    }
    await skipBudgetCooldown(email, false);
    const locked = await requestLoginAs(email);
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toBe('Veuillez patienter avant de demander un nouveau code.');

    // The owner, from the browser that signed in before: its own code, at once.
    const own = await requestLoginAs(email, cookie);
    expect(own.status).toBe(202);
    const code = await codeFor(email);
    // A stranger's wrong guesses now hit the strangers' code only, never the device's.
    for (let i = 0; i < 5; i += 1) await verifyAs(email, wrongCode(code));
    const signedIn = await verifyAs(email, code, cookie);
    expect(signedIn.status).toBe(200);
    expectResponseMatches('POST', '/auth/magic-link/verify', 200, signedIn.body);
    expect(signedIn.body.user.email).toBe(email);
    // Same device, same entry.
    expect(deviceCookieOf(signedIn)).toBe(cookie);
  });

  it('locks out a known device that guesses wrong too often on its own, never the strangers', async () => {
    const { email, cookie } = await ownerWithDevice();
    await skipCodeCooldown(api, email);
    // Someone else (a colleague's browser, or the owner's phone) asks for a code meanwhile.
    expect((await requestLoginAs(email)).status).toBe(202);
    const strangersCode = await codeFor(email);

    expect((await requestLoginAs(email, cookie)).status).toBe(202);
    const devicesCode = await codeFor(email);
    // Wrong for the device's code, and not the strangers' one either (a miss must not fall through).
    let guess = wrongCode(devicesCode);
    if (guess === strangersCode) guess = wrongCode(guess);
    const answers = await Promise.all(Array.from({ length: 5 }, () => verifyAs(email, guess, cookie)));
    expect(answers.map((a) => a.body.detail).sort()).toEqual([VOIDED, WRONG, WRONG, WRONG, WRONG].sort());
    // The device's code is void; the strangers' code still works where no cookie is sent.
    expect((await verifyAs(email, strangersCode)).status).toBe(200);

    // The device's hour: 5 codes, then 429, while a stranger still gets one.
    await skipBudgetCooldown(email, false);
    for (let i = 1; i < 5; i += 1) {
      await skipBudgetCooldown(email, true);
      expect((await requestLoginAs(email, cookie)).status).toBe(202);
    }
    await skipBudgetCooldown(email, true);
    expect((await requestLoginAs(email, cookie)).status).toBe(429);
    expect((await requestLoginAs(email)).status).toBe(202);
  });

  it("counts a cookie of another address, or a forged one, as a stranger's", async () => {
    const first = await ownerWithDevice();
    const second = await ownerWithDevice();
    await skipCodeCooldown(api, second.email);
    expect((await requestLoginAs(second.email)).status).toBe(202);
    const [name, value] = first.cookie.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [first.cookie, forged, 'terres_device=nimporte~quoi']) {
      const answer = await requestLoginAs(second.email, cookie);
      expect(answer.status, cookie).toBe(429);
    }
    // Its own cookie, the right one, passes.
    expect((await requestLoginAs(second.email, second.cookie)).status).toBe(202);
  });

  it('keeps one cookie for several addresses signed in from one browser', async () => {
    const first = await ownerWithDevice();
    const email = uniqueEmail('second');
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const verified = await verifyAs(email, await codeFor(email), first.cookie);
    const both = deviceCookieOf(verified);
    expect(both.split('~')).toHaveLength(2);
    await skipCodeCooldown(api, first.email);
    await skipCodeCooldown(api, email);
    expect((await requestLoginAs(first.email)).status).toBe(202);
    expect((await requestLoginAs(email)).status).toBe(202);
    // Both addresses' strangers' budgets are in their minute; the browser still has its own.
    expect((await requestLoginAs(first.email, both)).status).toBe(202);
    expect((await requestLoginAs(email, both)).status).toBe(202);
  });
});

describe('mail failure', () => {
  it('answers 503 and withdraws the code, so the address may ask again at once', async () => {
    // Nothing listens on port 9 of loopback: every send fails.
    const broken = await startApiForTest({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const email = uniqueEmail('panne');
      for (let i = 0; i < 2; i += 1) {
        const failed = await broken.request('POST', '/auth/register/magic-link/request', { body: { email } });
        expect(failed.status).toBe(503);
        expectResponseMatches('POST', '/auth/register/magic-link/request', 503, failed.body);
        expect(failed.body.detail).toBe("L'envoi de l'e-mail a échoué. Veuillez réessayer dans quelques instants.");
      }
      const rows = await broken.database.db.execute(sql`select id from one_time_codes where email = ${email}`);
      expect(rows.rows).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});

describe('per-IP limits', () => {
  it('answers 429 with Retry-After past the configured code requests and checks', async () => {
    // The counters live in the run's database, shared with every test file calling from
    // 127.0.0.1: this client has an address of its own (X-Forwarded-For from a trusted proxy).
    const limited = await startApiForTest({ OTP_REQUESTS_PER_IP: '3', OTP_CHECKS_PER_IP: '2', TRUST_PROXY: '127.0.0.1' });
    const headers = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    try {
      for (let i = 0; i < 3; i += 1) {
        const ok = await limited.request('POST', '/auth/login/magic-link/request', { body: { email: uniqueEmail() }, headers });
        expect(ok.status).toBe(202);
      }
      const over = await limited.request('POST', '/auth/login/magic-link/request', { body: { email: uniqueEmail() }, headers });
      expect(over.status).toBe(429);
      expect(over.body.detail).toBe('Trop de tentatives depuis votre connexion. Veuillez réessayer plus tard.');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expectResponseMatches('POST', '/auth/login/magic-link/request', 429, over.body);
      // Another address is not concerned.
      expect((await limited.request('POST', '/auth/login/magic-link/request', { body: { email: uniqueEmail() }, headers: { 'x-forwarded-for': '192.0.2.77' } })).status).not.toBe(429);

      const email = uniqueEmail();
      // A malformed check counts too (a well-formed one is counted in its code's read).
      expect((await limited.request('POST', '/auth/magic-link/verify', { body: { email, otp: '12' }, headers })).status).toBe(422);
      expect((await limited.request('POST', '/auth/magic-link/verify', { body: { email, otp: '000000' }, headers })).status).toBe(400);
      const checksOver = await limited.request('POST', '/auth/magic-link/verify', { body: { email, otp: '000000' }, headers });
      expect(checksOver.status).toBe(429);
      expect(checksOver.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});

describe('the refresh cookie (issue 20): out of reach of scripts, spent only by the portals', () => {
  const PORTAL = 'http://localhost:5173';
  const cookieLine = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith('terres_refresh='));

  it('sign-in sets it HttpOnly, SameSite=Strict, on the refresh path only, and the body carries no refresh token', async () => {
    const email = uniqueEmail('cookie');
    await api.request('POST', '/auth/register/magic-link/request', { body: { email } });
    const code = codeOf(await api.smtp.waitForMessage(email, (m) => /\d{6}/.test(m.text)));
    const verified = await api.request('POST', '/auth/magic-link/verify', { body: { email, otp: code } });
    expect(verified.status).toBe(200);
    expect(Object.keys(verified.body).sort()).toEqual(['accessToken', 'accessTokenExpirationDate', 'refreshTokenExpirationDate', 'user']);
    expect(JSON.stringify(verified.body)).not.toContain(refreshTokenFromCookie(verified.headers)!);
    const line = cookieLine(verified.headers)!;
    expect(line).toMatch(/^terres_refresh=[^;]{20,};/);
    expect(line).toContain('; Path=/api/v1/auth/refresh');
    expect(line).toContain('; HttpOnly');
    expect(line).toContain('; SameSite=Strict');
    expect(line).not.toContain('; Secure'); // plain http outside production
    const expires = Date.parse(/; Expires=([^;]+)/.exec(line)![1]!);
    expect(Math.abs(expires - Date.parse(verified.body.refreshTokenExpirationDate))).toBeLessThan(1000);
  });

  it('refresh rotates it from the cookie alone, for a portal origin, and answers no refresh token in the body', async () => {
    const session = await registerOwner(api);
    const refreshed = await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken, { origin: PORTAL }));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshToken).toBeUndefined();
    const next = refreshTokenFromCookie(refreshed.headers);
    expect(next).toBeTruthy();
    expect(next).not.toBe(session.refreshToken);
    expect(cookieLine(refreshed.headers)).toContain('; HttpOnly');
    expect((await api.request('GET', '/users/me', { token: refreshed.body.accessToken })).status).toBe(200);
    // The loopback twin of the portal's origin is the portal too.
    expect((await api.request('POST', '/auth/refresh', refreshOptions(next!, { origin: 'http://127.0.0.1:5173' }))).status).toBe(200);
  });

  it('refuses a refresh without the CSRF header or from a foreign origin, and spends nothing', async () => {
    const session = await registerOwner(api);
    const cookie = { cookie: `terres_refresh=${session.refreshToken}` };
    const noHeader = await api.request('POST', '/auth/refresh', { headers: { ...cookie, origin: PORTAL } });
    expect(noHeader.status).toBe(403);
    expectResponseMatches('POST', '/auth/refresh', 403, noHeader.body);
    expect(noHeader.body.detail).toBe("Requête refusée : elle ne vient pas d'une application Bourse aux terres.");
    const wrongValue = await api.request('POST', '/auth/refresh', { headers: { ...cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect(wrongValue.status).toBe(403);
    for (const origin of ['https://attaquant.example', 'http://localhost:3001', 'null']) {
      const foreign = await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken, { origin }));
      expect(foreign.status).toBe(403);
      expect(cookieLine(foreign.headers)).toBeUndefined();
    }
    // A form post (no custom header possible) is refused too.
    const form = await api.request('POST', '/auth/refresh', {
      headers: { ...cookie, origin: 'https://attaquant.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect([403, 415]).toContain(form.status); // refused either way, before anything is read
    // Nothing was rotated: the token still refreshes once, as new.
    const ok = await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken, { origin: PORTAL }));
    expect(ok.status).toBe(200);
    // The preflight a foreign page's fetch would need is not granted.
    const preflight = await fetch(`${api.url}/api/v1/auth/refresh`, {
      method: 'OPTIONS',
      headers: { origin: 'https://attaquant.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-requested-with' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const portalPreflight = await fetch(`${api.url}/api/v1/auth/refresh`, {
      method: 'OPTIONS',
      headers: { origin: PORTAL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-requested-with' },
    });
    expect(portalPreflight.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(portalPreflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(portalPreflight.headers.get('access-control-allow-headers')).toMatch(/X-Requested-With/i);
  });

  it('sign-out clears the cookie and revokes the session server-side; it needs the header too', async () => {
    const session = await registerOwner(api);
    const noHeader = await api.request('POST', '/auth/logout', { token: session.accessToken });
    expect(noHeader.status).toBe(403);
    const out = await api.request('POST', '/auth/logout', { token: session.accessToken, headers: { ...SESSION_HEADERS, origin: PORTAL } });
    expect(out.status).toBe(204);
    const cleared = cookieLine(out.headers)!;
    expect(cleared).toMatch(/^terres_refresh=;/);
    expect(cleared).toContain('; Path=/api/v1/auth/refresh');
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken))).status).toBe(401);
    expect((await api.request('GET', '/users/me', { token: session.accessToken })).status).toBe(401);
  });

  it('moves a refresh token a browser kept in localStorage (earlier build) into the cookie, once', async () => {
    const session = await registerOwner(api);
    const legacy = await api.request('POST', '/auth/refresh', { headers: { ...SESSION_HEADERS, origin: PORTAL }, body: { refresh_token: session.refreshToken } });
    expect(legacy.status).toBe(200);
    expect(legacy.body.refreshToken).toBeUndefined();
    const moved = refreshTokenFromCookie(legacy.headers)!;
    expect(moved).toBeTruthy();
    expect(moved).not.toBe(session.refreshToken);
    // The copy that stayed in the page's storage is now a rotated token: past the grace window
    // its reuse ends the session (reuse detection), so a copy a script took is worth nothing.
    await api.database.db.execute(sql`update refresh_tokens set rotated_at = rotated_at - interval '1 minute' where user_id = ${session.user.id}`);
    expect((await api.request('POST', '/auth/refresh', { headers: SESSION_HEADERS, body: { refresh_token: session.refreshToken } })).status).toBe(401);
    expect((await api.request('POST', '/auth/refresh', refreshOptions(moved))).status).toBe(401);
    // Without the header, the body path is refused like the cookie.
    const other = await registerOwner(api);
    expect((await api.request('POST', '/auth/refresh', { body: { refresh_token: other.refreshToken } })).status).toBe(403);
  });

  it("keeps the console's session apart from the portal's in one browser (one API host, two cookies)", async () => {
    const CONSOLE = 'http://localhost:5174';
    const owner = await registerOwner(api);
    const admin = await registerOwner(api); // the console's user: any other session will do
    const jar = { cookie: `terres_refresh=${owner.refreshToken}; terres_refresh_console=${admin.refreshToken}`, ...SESSION_HEADERS };
    const fromPortal = await api.request('POST', '/auth/refresh', { headers: { ...jar, origin: PORTAL } });
    expect(fromPortal.body.user.id).toBe(owner.user.id);
    expect(fromPortal.headers.getSetCookie().map((line) => line.split('=')[0])).toContain('terres_refresh');
    const fromConsole = await api.request('POST', '/auth/refresh', { headers: { ...jar, origin: CONSOLE } });
    expect(fromConsole.status).toBe(200);
    expect(fromConsole.body.user.id).toBe(admin.user.id);
    expect(fromConsole.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual(['terres_refresh_console']);
    // Signing out of the console clears the console's cookie only.
    const out = await api.request('POST', '/auth/logout', { token: fromConsole.body.accessToken, headers: { ...SESSION_HEADERS, origin: CONSOLE } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual(['terres_refresh_console']);
  });

  it('is Secure when the API is reached over https (behind a trusted proxy)', async () => {
    const proxied = await startApiForTest({ TRUST_PROXY: 'true' });
    try {
      const session = await registerOwner(proxied);
      const refreshed = await proxied.request('POST', '/auth/refresh', refreshOptions(session.refreshToken, { 'x-forwarded-proto': 'https' }));
      expect(refreshed.status).toBe(200);
      expect(cookieLine(refreshed.headers)).toContain('; Secure');
    } finally {
      await proxied.close();
    }
  });
});

describe('sessions', () => {
  /** A refresh as a portal sends it; `token` is the new refresh cookie of the answer. */
  async function refresh(token: string) {
    const answer = await api.request<LoginResponse & { detail?: string }>('POST', '/auth/refresh', refreshOptions(token));
    return { ...answer, token: refreshTokenFromCookie(answer.headers) };
  }

  /** Moves the user's rotations back in time, past the grace window. */
  async function pastGraceWindow(userId: string) {
    await api.database.db.execute(
      sql`update refresh_tokens set rotated_at = rotated_at - interval '1 minute' where user_id = ${userId} and rotated_at is not null`,
    );
  }

  it('rotates the refresh token, and a reused one revokes the whole family', async () => {
    const session = await registerOwner(api);
    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.status).toBe(200);
    expectResponseMatches('POST', '/auth/refresh', 200, refreshed.body);
    expect(refreshed.token).toBeTruthy();
    expect(refreshed.token).not.toBe(session.refreshToken);
    expect(refreshed.body.user.id).toBe(session.user.id);

    await pastGraceWindow(session.user.id);
    const reuse = await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken));
    expect(reuse.status).toBe(401);
    expectResponseMatches('POST', '/auth/refresh', 401, reuse.body);
    // The family is gone: the newest refresh token and its access token too.
    expect((await refresh(refreshed.token!)).status).toBe(401);
    expect((await api.request('POST', '/auth/logout', { token: refreshed.body.accessToken, headers: SESSION_HEADERS })).status).toBe(401);
  });

  it('answers two parallel refreshes of one token with the same pair, and the session lives on', async () => {
    const session = await registerOwner(api);
    const [first, second] = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expectResponseMatches('POST', '/auth/refresh', 200, second.body);
    expect(second.body).toEqual(first.body);
    // Both tabs share the browser's cookie jar: both answers set the same new cookie.
    expect(second.token).toBe(first.token);
    expect(first.token).not.toBe(session.refreshToken);
    // A late third tab within the window too; then the pair works: the family was not revoked.
    const late = await refresh(session.refreshToken);
    expect([late.body, late.token]).toEqual([first.body, first.token]);
    expect((await api.request('GET', '/users/me', { token: first.body.accessToken })).status).toBe(200);
    const next = await refresh(first.token!);
    expect(next.status).toBe(200);
    expect((await api.request('GET', '/users/me', { token: next.body.accessToken })).status).toBe(200);
  });

  it('revokes the family when a token older than the last rotation comes back, even within the window', async () => {
    const session = await registerOwner(api);
    const second = await refresh(session.refreshToken);
    const third = await refresh(second.token!);
    expect(third.status).toBe(200);
    const stale = await refresh(session.refreshToken);
    expect(stale.status).toBe(401);
    expect(stale.body.detail).toBe('Session expirée. Veuillez vous reconnecter.');
    expect((await refresh(third.token!)).status).toBe(401);
    expect((await api.request('GET', '/users/me', { token: third.body.accessToken })).status).toBe(401);
  });

  it('has no grace window when REFRESH_REUSE_GRACE_SECONDS=0', async () => {
    const strict = await startApiForTest({ REFRESH_REUSE_GRACE_SECONDS: '0' });
    try {
      const session = await registerOwner(strict);
      const answers = await Promise.all([0, 1].map(() => strict.request('POST', '/auth/refresh', refreshOptions(session.refreshToken))));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
      const winner = answers.find((a) => a.status === 200)!;
      expect((await strict.request('GET', '/users/me', { token: winner.body.accessToken })).status).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('refuses a missing, unknown or expired refresh token, and clears the dead cookie', async () => {
    const missing = await api.request('POST', '/auth/refresh', { headers: SESSION_HEADERS });
    expect(missing.status).toBe(401);
    expectResponseMatches('POST', '/auth/refresh', 401, missing.body);
    const unknown = await refresh('rt_nope');
    expect(unknown.status).toBe(401);
    expect(unknown.token).toBe('');
    expect(unknown.headers.getSetCookie().join()).toMatch(/Expires=Thu, 01 Jan 1970/);
    const session = await registerOwner(api);
    await api.database.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = ${session.user.id}`,
    );
    expect((await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken))).status).toBe(401);
  });

  it('logs out: the refresh token and the access token stop working', async () => {
    const session = await registerOwner(api);
    const out = await api.request('POST', '/auth/logout', { token: session.accessToken, headers: SESSION_HEADERS });
    expect(out.status).toBe(204);
    expect((await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken))).status).toBe(401);
    const after = await api.request('POST', '/auth/logout', { token: session.accessToken, headers: SESSION_HEADERS });
    expect(after.status).toBe(401);
    expectResponseMatches('POST', '/auth/logout', 401, after.body);
    expect(after.body.detail).toBe('Session expirée. Veuillez vous reconnecter.');
  });

  it('refuses a missing or forged access token with 401', async () => {
    const none = await api.request('POST', '/auth/logout', { headers: SESSION_HEADERS });
    expect(none.status).toBe(401);
    expect(none.body.detail).toBe('Authentification requise. Veuillez vous connecter.');
    const session = await registerOwner(api);
    const [h, p] = session.accessToken.split('.');
    const forged = await api.request('POST', '/auth/logout', { token: `${h}.${p}.AAAA`, headers: SESSION_HEADERS });
    expect(forged.status).toBe(401);
  });

  it('revokeUserSessions and revokeOrganizationSessions end every session at once', async () => {
    const alone = await registerOwner(api);
    await skipCodeCooldown(api, alone.user.email);
    const second = await signIn(api, alone.user.email);
    await revokeUserSessions(api.database.db, alone.user.id);
    for (const s of [alone, second]) {
      const call = await api.request('GET', '/users/me', { token: s.accessToken });
      expect(call.status).toBe(401);
      expectResponseMatches('GET', '/users/me', 401, call.body);
      expect((await api.request('POST', '/auth/refresh', refreshOptions(s.refreshToken))).status).toBe(401);
    }

    const organizationId = await newOrganization();
    const members = [await registerOwner(api), await registerOwner(api)];
    const outsider = await registerOwner(api);
    await api.database.db.update(users).set({ organizationId }).where(eq(users.id, members[0]!.user.id));
    await api.database.db.update(users).set({ organizationId, role: 'EMPLOYEE' }).where(eq(users.id, members[1]!.user.id));
    await revokeOrganizationSessions(api.database.db, organizationId);
    for (const m of members) expect((await api.request('GET', '/users/me', { token: m.accessToken })).status).toBe(401);
    expect((await api.request('GET', '/users/me', { token: outsider.accessToken })).status).toBe(200);
  });

  it('cuts an admin whose address left ADMIN_EMAILS: no call, no refresh, no new code', async () => {
    // Another API on the same database and secret, whose ADMIN_EMAILS does not list this admin.
    const other = await startApiForTest();
    try {
      const session = await signIn(other, other.adminEmail);
      expect((await other.request('GET', '/users/me', { token: session.accessToken })).status).toBe(200);
      const call = await api.request('GET', '/users/me', { token: session.accessToken });
      expect(call.status).toBe(401);
      expect(call.body.detail).toBe("Ce compte n'a plus accès à l'administration de Bourse aux terres.");
      expect((await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken))).status).toBe(401);
      await skipCodeCooldown(api, other.adminEmail);
      expect((await requestLogin(other.adminEmail)).status).toBe(202);
      const notice = await api.smtp.waitForMessage(other.adminEmail);
      expect(notice.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
    } finally {
      await other.close();
    }
  });

  it('cuts an archived organisation: 403 on the next call, no refresh, no new sign-in', async () => {
    const email = uniqueEmail('archive');
    const session = await registerOwner(api, email);
    const organizationId = await newOrganization();
    await api.database.db.update(users).set({ organizationId }).where(eq(users.id, session.user.id));
    await api.database.db.update(organizations).set({ archivedAt: new Date() }).where(eq(organizations.id, organizationId));

    // Its own problem type, so a client tells it from a role refusal and ends the session.
    const archived = { status: 403, type: 'urn:bourse-terres:problem:organization-archived', detail: 'Votre organisation a été archivée.' };
    const call = await api.request('POST', '/auth/logout', { token: session.accessToken, headers: SESSION_HEADERS });
    expect(call.status).toBe(403);
    expectResponseMatches('POST', '/auth/logout', 403, call.body);
    expect(call.body).toMatchObject(archived);
    const refresh = await api.request('POST', '/auth/refresh', refreshOptions(session.refreshToken));
    expect(refresh.status).toBe(403);
    expectResponseMatches('POST', '/auth/refresh', 403, refresh.body);
    expect(refresh.body).toMatchObject(archived);
    // A role refusal is the general 403 type, not the archived organisation's.
    const admin = await api.request('GET', '/organizations', { token: (await registerOwner(api)).accessToken });
    expect(admin.body).toMatchObject({ status: 403, type: 'urn:bourse-terres:problem:forbidden' });

    await skipCodeCooldown(api, email);
    expect((await requestLogin(email)).status).toBe(202);
    const notice = await api.smtp.waitForMessage(email);
    expect(notice.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
  });
});

describe('invitations', () => {
  async function invitation(email: string) {
    const owner = await registerOwner(api);
    const organizationId = await newOrganization('Remblais de la Hardt');
    await api.database.db.update(users).set({ organizationId }).where(eq(users.id, owner.user.id));
    const [row] = await api.database.db
      .insert(invitations)
      .values({ organizationId, email, invitedByUserId: owner.user.id })
      .returning();
    const token = await signInvitationToken(TEST_AUTH_SECRET, { email, organizationId, invitationId: row!.id });
    return { token, organizationId, invitationId: row!.id };
  }

  it('sends a code to the invited address and makes an EMPLOYEE of the inviting organisation', async () => {
    const email = uniqueEmail('invite');
    const { token, organizationId, invitationId } = await invitation(email);
    const requested = await api.request('POST', '/auth/invitation/request', { body: { token } });
    expect(requested.status).toBe(202);
    expectResponseMatches('POST', '/auth/invitation/request', 202, requested.body);
    expect(requested.body).toEqual({ email });
    const verified = await verify(email, await codeFor(email));
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, role: 'EMPLOYEE', organizationId });
    const [row] = await api.database.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(row!.acceptedAt).not.toBeNull();
    // Used once: the same link cannot make another account.
    const again = await api.request('POST', '/auth/invitation/request', { body: { token } });
    expect(again.status).toBe(400);
  });

  it('refuses a missing, forged, subject-less or expired token with the spec messages', async () => {
    const missing = await api.request('POST', '/auth/invitation/request', { body: {} });
    expect(missing.status).toBe(400);
    expectResponseMatches('POST', '/auth/invitation/request', 400, missing.body);
    expect(missing.body.detail).toBe("Lien d'invitation invalide");

    const email = uniqueEmail('forge');
    const { token } = await invitation(email);
    const [h, p] = token.split('.');
    const forged = await api.request('POST', '/auth/invitation/request', { body: { token: `${h}.${p}.c2lnbmF0dXJl` } });
    expect(forged.body.detail).toBe("Lien d'invitation invalide : il est incomplet ou a été modifié. Demandez une nouvelle invitation.");
    const otherSecret = await signInvitationToken('another-secret-another-secret-!!', {
      email,
      organizationId: randomUUID(),
      invitationId: randomUUID(),
    });
    expect((await api.request('POST', '/auth/invitation/request', { body: { token: otherSecret } })).body.detail).toBe("Lien d'invitation invalide : il est incomplet ou a été modifié. Demandez une nouvelle invitation.");
    expect((await api.request('POST', '/auth/invitation/request', { body: { token: 'abc' } })).body.detail).toBe("Lien d'invitation invalide : il est incomplet ou a été modifié. Demandez une nouvelle invitation.");

    const expired = await signInvitationToken(
      TEST_AUTH_SECRET,
      { email, organizationId: randomUUID(), invitationId: randomUUID() },
      new Date(Date.now() - 8 * 86_400_000),
    );
    const late = await api.request('POST', '/auth/invitation/request', { body: { token: expired } });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe("Ce lien d'invitation a expiré");

    const noSubject = await signInvitationToken(TEST_AUTH_SECRET, { email: '', organizationId: randomUUID(), invitationId: randomUUID() });
    expect((await api.request('POST', '/auth/invitation/request', { body: { token: noSubject } })).body.detail).toBe(
      "Lien d'invitation invalide : l'adresse e-mail invitée n'y figure pas. Demandez une nouvelle invitation.",
    );
  });

  it('refuses a revoked invitation and an address that already has an account', async () => {
    const email = uniqueEmail('revoque');
    const { token, invitationId } = await invitation(email);
    await api.database.db.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, invitationId));
    const revoked = await api.request('POST', '/auth/invitation/request', { body: { token } });
    expect(revoked.status).toBe(400);
    expect(revoked.body.detail).toBe("Cette invitation n'est plus valide. Demandez une nouvelle invitation.");

    const taken = uniqueEmail('deja');
    await registerOwner(api, taken);
    const second = await invitation(taken);
    const conflict = await api.request('POST', '/auth/invitation/request', { body: { token: second.token } });
    expect(conflict.status).toBe(409);
    expectResponseMatches('POST', '/auth/invitation/request', 409, conflict.body);
  });
});
