// `pnpm --filter @terres/api bench:races`
// Races and replays (issue 12), printed as figures: on a fresh PostgreSQL database (created on
// TEST_DATABASE_URL's server, dropped at the end), the API served on loopback, a real SMTP server
// and the loopback Stripe fake, every request over real HTTP and fired at once:
//   1. 50 parallel validations of 50 listings on one balance that covers 20 of them;
//   2. 10 parallel deliveries of one signed `checkout.session.completed` (plus 3 late retries);
//   3. 20 parallel wrong codes for one address;
//   4. two parallel right codes for one address;
//   5. two parallel refreshes of one refresh token.
// Each line ends with OK or FAIL (the invariant: 0 overdrafts, exact debits, 0 double credits,
// 4 "incorrect" then voided, one session, one shared pair and a live session); the command exits
// 1 on any FAIL. The integration tests assert the same properties (README "Races and replays").
import { randomBytes } from 'node:crypto';
import { messages, PROBLEM_TYPES } from '@terres/domain';
import { and, eq, sql } from 'drizzle-orm';
import { createDatabase } from '../src/db/index.js';
import { systemScope } from '../src/db/scope.js';
import { creditLedger, inquiries, organizations, purchases, sessionFamilies, users } from '../src/db/schema.js';
import { startApp, testConfig } from '../test/helpers/app.js';
import { createTestDatabase } from '../test/helpers/database.js';
import { codeOf, startSmtp } from '../test/helpers/smtp.js';
import {
  checkoutEvent,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signPayload,
  startStripeFake,
} from '../test/helpers/stripe-fake.js';
import { recordResults } from './bench-results.js';

recordResults('races');

const VALIDATIONS = 50;
const LISTING_COST = 50; // a CUT listing without a surface yet: the base price
const BALANCE = 1000; // covers 20 validations
const WEBHOOK_DELIVERIES = 10;
const WRONG_CODES = 20;

const WRONG = messages.wrongCode;
const VOIDED = messages.tooManyTries;
const GONE = messages.expiredCode;

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the server sent
  body: any;
}

let failures = 0;
function report(name: string, figures: string, ok: boolean): void {
  if (!ok) failures += 1;
  console.log(`${ok ? 'OK  ' : 'FAIL'}  ${name.padEnd(34)} ${figures}`);
}

function tally(values: readonly (string | number)[]): string {
  const counts = new Map<string | number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${count} x ${value}`).join(', ');
}

async function main(): Promise<void> {
  const started = Date.now();
  const fresh = await createTestDatabase();
  const smtp = await startSmtp();
  const stripe = await startStripeFake();
  const adminEmail = `admin.${randomBytes(4).toString('hex')}@courses.test`;
  const config = testConfig({
    DATABASE_URL: fresh.url,
    SMTP_URL: smtp.url,
    ADMIN_EMAILS: adminEmail,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    // Every request comes from 127.0.0.1: the per-IP limits would count the whole run as one client.
    OTP_REQUESTS_PER_IP: '100000',
    OTP_CHECKS_PER_IP: '100000',
  });
  const database = await createDatabase(config, { unscoped: systemScope('scripts') });
  await database.migrate();
  const { db } = database;
  const running = await startApp({ config, database });
  const api = `${running.url}/api/v1`;

  async function call(method: string, path: string, options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(path.startsWith('http') ? path : `${api}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const parsed: unknown = text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** The refresh token of an answer's HttpOnly cookie (issue 20: no body carries it). */
  function refreshCookieOf(answer: Answer): string {
    const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('terres_refresh='));
    return decodeURIComponent(/^terres_refresh=([^;]*)/.exec(line ?? '')?.[1] ?? '');
  }

  /** `POST /auth/refresh` as a portal sends it: the cookie and the CSRF header. */
  function refreshCall(refreshToken: string): Promise<Answer> {
    return call('POST', '/auth/refresh', { headers: { cookie: `terres_refresh=${encodeURIComponent(refreshToken)}`, 'x-requested-with': 'terres' } });
  }

  async function mailedCode(email: string): Promise<string> {
    return codeOf(await smtp.waitForMessage(email, (mail) => /(?<!\d)\d{6}(?!\d)/.test(mail.text)));
  }

  async function signIn(email: string, register = false) {
    const requested = await call('POST', register ? '/auth/register/magic-link/request' : '/auth/login/magic-link/request', { body: { email } });
    if (requested.status !== 202) throw new Error(`code request answered ${requested.status}`);
    const verified = await call('POST', '/auth/magic-link/verify', { body: { email, otp: await mailedCode(email) } });
    if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${JSON.stringify(verified.body)}`);
    return { ...(verified.body as { accessToken: string; user: { id: string } }), refreshToken: refreshCookieOf(verified) };
  }

  async function balance(organizationId: string): Promise<{ cached: number; ledger: number }> {
    const [row] = await db.select({ cached: organizations.creditBalance }).from(organizations).where(eq(organizations.id, organizationId));
    const [sum] = (
      await db.execute<{ sum: string }>(sql`select coalesce(sum(amount), 0) as sum from credit_ledger where organization_id = ${organizationId}`)
    ).rows;
    return { cached: row!.cached, ledger: Number(sum!.sum) };
  }

  try {
    console.log(`bench:races on ${fresh.name} (fresh), API ${running.url}, SMTP and Stripe fake on loopback\n`);

    // Setup, over HTTP: an admin, an owner with an organisation and 1000 credits, 50 listings.
    const admin = await signIn(adminEmail);
    const ownerEmail = `proprietaire.${randomBytes(4).toString('hex')}@courses.test`;
    const owner = await signIn(ownerEmail, true);
    await call('PUT', '/users/me', { token: owner.accessToken, body: { first_name: 'Camille', last_name: 'Martin', phone_number: '06 12 34 56 78' } });
    const created = await call('POST', '/organizations', {
      token: owner.accessToken,
      body: { name: 'Terrassements des Courses', registration_number: '73282932000074', legal_form: 'SAS', street: '12 rue du Rhône', postcode: '68100', city: 'Mulhouse', country: 'France' },
    });
    if (created.status !== 201) throw new Error(`organisation answered ${created.status}: ${JSON.stringify(created.body)}`);
    const organizationId = created.body.id as string;
    for (const credits of [999, BALANCE - 999]) {
      const granted = await call('POST', `/organizations/${organizationId}/credits`, { token: admin.accessToken, body: { credits } });
      if (granted.status !== 200) throw new Error(`grant answered ${granted.status}`);
    }
    const ids: string[] = [];
    for (let i = 0; i < VALIDATIONS; i += 1) {
      const draft = await call('POST', '/inquiries', { token: owner.accessToken, body: { type: 'CUT', project_name: `Course ${i + 1}` } });
      if (draft.status !== 201) throw new Error(`draft answered ${draft.status}: ${JSON.stringify(draft.body)}`);
      ids.push(draft.body.id as string);
    }
    // Submitted as the wizard would (its rules are not what races here): straight to the queue.
    await db.update(inquiries).set({ status: 'PENDING_VALIDATION' }).where(eq(inquiries.organizationId, organizationId));

    // 1. 50 parallel validations on one balance.
    {
      const before = await balance(organizationId);
      const t0 = performance.now();
      const answers = await Promise.all(ids.map((id) => call('PUT', `/inquiries/${id}/status`, { token: admin.accessToken, body: { status: 'APPROVED' } })));
      const elapsed = performance.now() - t0;
      const after = await balance(organizationId);
      const approved = answers.filter((a) => a.status === 200).length;
      const refused = answers.filter((a) => a.status === 409 && a.body.type === PROBLEM_TYPES.insufficientBalance).length;
      const debits = await db
        .select({ inquiryId: creditLedger.inquiryId, amount: creditLedger.amount })
        .from(creditLedger)
        .where(and(eq(creditLedger.organizationId, organizationId), eq(creditLedger.kind, 'LISTING_VALIDATION')));
      const perListing = new Map<string, number>();
      for (const debit of debits) perListing.set(debit.inquiryId!, (perListing.get(debit.inquiryId!) ?? 0) + 1);
      const doubles = [...perListing.values()].filter((n) => n > 1).length;
      const [approvedRows] = (
        await db.execute<{ n: number }>(sql`select count(*)::int as n from inquiries where organization_id = ${organizationId} and status = 'APPROVED'`)
      ).rows;
      const overdrafts = after.cached < 0 || after.ledger < 0 ? 1 : 0;
      const exact =
        approved === BALANCE / LISTING_COST &&
        debits.length === approved &&
        debits.every((d) => d.amount === -LISTING_COST) &&
        approvedRows!.n === approved &&
        after.cached === before.cached - approved * LISTING_COST &&
        after.cached === after.ledger;
      report(
        `${VALIDATIONS} parallel validations`,
        `${approved} approved, ${refused} refused 'Solde de crédits insuffisant.', ${answers.length - approved - refused} other; ` +
          `balance ${before.cached} -> ${after.cached} (ledger sum ${after.ledger}); ${debits.length} debits of ${LISTING_COST}; ` +
          `${overdrafts} overdrafts, ${doubles} double debits; ${elapsed.toFixed(0)} ms`,
        overdrafts === 0 && doubles === 0 && exact && refused === VALIDATIONS - approved,
      );
    }

    // 2. 10 replays of one signed Stripe webhook (a server-made session, paid).
    {
      const packs = await call('GET', '/credits/packages', { token: owner.accessToken });
      const pack = (packs.body as { id: string; credits: number; link: string }[])[0]!;
      const token = new URL(pack.link).searchParams.get('token')!;
      const paid = await call('POST', '/payments/stripe/checkout', {
        raw: new URLSearchParams({ token, action: 'pay' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      });
      if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}`);
      const session = stripe.requests.at(-1)!.session;
      const event = checkoutEvent('checkout.session.completed', { ...session, payment_status: 'paid', status: 'complete' });
      const payload = JSON.stringify(event);
      const deliver = () =>
        call('POST', '/payments/stripe/webhook', { raw: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload) } });
      const before = await balance(organizationId);
      const t0 = performance.now();
      const parallel = await Promise.all(Array.from({ length: WEBHOOK_DELIVERIES }, deliver));
      const elapsed = performance.now() - t0;
      const late = [];
      for (let i = 0; i < 3; i += 1) late.push(await deliver());
      const after = await balance(organizationId);
      const [credited] = (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from credit_ledger where organization_id = ${organizationId} and kind = 'PURCHASE'`,
        )
      ).rows;
      const [purchase] = await db.select({ status: purchases.status }).from(purchases).where(eq(purchases.providerSessionId, session.id));
      const acknowledged = [...parallel, ...late].filter((a) => a.status === 200).length;
      const doubleCredits = Math.max(0, credited!.n - 1);
      report(
        `${WEBHOOK_DELIVERIES} parallel webhook replays (+3)`,
        `${acknowledged}/${WEBHOOK_DELIVERIES + 3} acknowledged 200; ${credited!.n} PURCHASE line, +${after.cached - before.cached} credits ` +
          `(pack ${pack.credits}); purchase ${purchase?.status}; ${doubleCredits} double credits; ${elapsed.toFixed(0)} ms`,
        doubleCredits === 0 && credited!.n === 1 && after.cached - before.cached === pack.credits && after.cached === after.ledger &&
          acknowledged === WEBHOOK_DELIVERIES + 3,
      );
    }

    // 3. 20 parallel wrong codes for one address.
    {
      const email = `devine.${randomBytes(4).toString('hex')}@courses.test`;
      await call('POST', '/auth/register/magic-link/request', { body: { email } });
      const code = await mailedCode(email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(Array.from({ length: WRONG_CODES }, () => call('POST', '/auth/magic-link/verify', { body: { email, otp: wrong } })));
      const details = answers.map((a) => a.body.detail as string);
      const incorrect = details.filter((d) => d === WRONG).length;
      const voided = details.filter((d) => d === VOIDED).length;
      const gone = details.filter((d) => d === GONE).length;
      const right = await call('POST', '/auth/magic-link/verify', { body: { email, otp: code } });
      report(
        `${WRONG_CODES} parallel wrong codes`,
        `${incorrect} 'incorrect', ${voided} 'voided' (the 5th), ${gone} 'expired or used' after it; statuses ${tally(answers.map((a) => a.status))}; ` +
          `the right code afterwards: ${right.status}`,
        incorrect === 4 && voided === 1 && gone === WRONG_CODES - 5 && right.status === 400,
      );
    }

    // 4. Two parallel right codes for one address.
    let session: { accessToken: string; refreshToken: string; user: { id: string } } | undefined;
    {
      const email = `double.${randomBytes(4).toString('hex')}@courses.test`;
      await call('POST', '/auth/register/magic-link/request', { body: { email } });
      const code = await mailedCode(email);
      const answers = await Promise.all([0, 1].map(() => call('POST', '/auth/magic-link/verify', { body: { email, otp: code } })));
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const families = user ? await db.select().from(sessionFamilies).where(eq(sessionFamilies.userId, user.id)) : [];
      const [accounts] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email_key = ${email}`)).rows;
      const won = answers.find((a) => a.status === 200);
      session = won ? { ...won.body, refreshToken: refreshCookieOf(won) } : undefined;
      report(
        'two parallel right codes',
        `statuses ${tally(answers.map((a) => a.status).sort())}; ${families.length} session, ${accounts!.n} account`,
        families.length === 1 && accounts!.n === 1 && answers.filter((a) => a.status === 200).length === 1,
      );
    }

    // 5. Two parallel refreshes of one refresh token.
    {
      const answers = await Promise.all([0, 1].map(() => refreshCall(session!.refreshToken)));
      const same =
        answers.every((a) => a.status === 200) &&
        JSON.stringify(answers[0]!.body) === JSON.stringify(answers[1]!.body) &&
        refreshCookieOf(answers[0]!) === refreshCookieOf(answers[1]!);
      const me = await call('GET', '/users/me', { token: answers[0]!.body.accessToken });
      const [family] = await db.select().from(sessionFamilies).where(eq(sessionFamilies.userId, session!.user.id));
      const next = await refreshCall(refreshCookieOf(answers[0]!));
      report(
        'two parallel refreshes',
        `statuses ${tally(answers.map((a) => a.status))}; ${same ? 'the same pair' : 'different answers'}; ` +
          `GET /users/me with it: ${me.status}; session ${family?.revokedAt ? `revoked (${family.revokedReason})` : 'alive'}; next refresh: ${next.status}`,
        same && me.status === 200 && !family?.revokedAt && next.status === 200,
      );
    }

    console.log(`\n${failures === 0 ? 'every invariant held' : `${failures} invariant(s) broken`} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    await running.close();
    await database.close();
    await smtp.close();
    await stripe.close();
    await fresh.drop();
  }
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
