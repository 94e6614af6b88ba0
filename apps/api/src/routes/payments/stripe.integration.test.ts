import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { balanceOf, invoicesOf, ledgerOf, packsOf, postStripeForm, tokenOf } from '../../../test/helpers/payments.js';
import { httpRequest, startApiForTest, type ApiResponse, type TestApi } from '../../../test/helpers/session.js';
import {
  checkoutEvent,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signPayload,
  startStripeFake,
  type FakeSession,
  type StripeFake,
} from '../../../test/helpers/stripe-fake.js';
import { purchases, stripeEvents } from '../../db/schema.js';

const PORTAL = 'http://portail.test:5173';
let api: TestApi;
let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake();
  api = await startApiForTest({
    ADVERTISER_PORTAL_URL: PORTAL,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
});

afterAll(async () => {
  await api?.close();
  await fake?.close();
});

/** Clicks 'Payer par carte' on a pack's pay page: the redirect, and the session the fake made then. */
async function pay(link: string): Promise<{ res: ApiResponse; session: FakeSession; form: Record<string, string> }> {
  const before = fake.requests.length;
  const res = await postStripeForm(api, { token: tokenOf(link), action: 'pay' });
  expect(res.status).toBe(303);
  expect(fake.requests).toHaveLength(before + 1);
  const recorded = fake.requests[before]!;
  expect(recorded.replayed).toBe(false);
  return { res, session: recorded.session, form: recorded.form };
}

/** Follows a pack's link as a browser (the pay page), then pays: what a buyer does. */
async function follow(link: string): Promise<{ res: ApiResponse; session: FakeSession; form: Record<string, string> }> {
  const page = await httpRequest(link, 'GET', { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  return pay(link);
}

function purchasesOf(organizationId: string) {
  return api.database.db.select().from(purchases).where(eq(purchases.organizationId, organizationId)).orderBy(purchases.createdAt);
}

/** A Stripe delivery: the exact bytes, signed (or with the given signature header). */
function deliver(event: Record<string, unknown>, signature?: string): Promise<ApiResponse> {
  const payload = JSON.stringify(event);
  return httpRequest(`${api.url}/api/v1/payments/stripe/webhook`, 'POST', {
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature ?? signPayload(payload) },
    body: payload,
  });
}

async function expectAck(res: ApiResponse): Promise<void> {
  expect(res.status).toBe(200);
  expectResponseMatches('POST', '/payments/stripe/webhook', 200, res.body);
  expect(res.body).toEqual({ received: true });
}

const paid = (session: FakeSession): FakeSession => ({ ...session, payment_status: 'paid', status: 'complete' });

async function expectCredited(owner: OwnerFixture, credits: number, purchaseCount: number): Promise<void> {
  const balance = await balanceOf(api, owner.organizationId);
  const ledger = await ledgerOf(api, owner.organizationId);
  expect(balance).toBe(credits);
  expect(ledger).toEqual({ sum: credits, purchases: purchaseCount });
  expect(await invoicesOf(api, owner.organizationId)).toHaveLength(purchaseCount);
}

describe('Stripe Checkout', () => {
  it('lists packs without calling Stripe; the link shows a pay page; paying opens the session and redirects there', async () => {
    const owner = await createOwner(api, { credits: 40, name: 'Terrassements <Ried> & Fils' });
    const before = fake.requests.length;
    const packs = await packsOf(api, owner.token);
    expect(fake.requests).toHaveLength(before);
    const recommended = packs.find((p) => p.recommended)!;
    expect(recommended.link.startsWith(`${api.url}/api/v1/payments/stripe/checkout?token=`)).toBe(true);

    const page = await httpRequest(recommended.link, 'GET', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Paiement de votre pack de crédits</h1>');
    expect(page.body).toContain('Terrassements &lt;Ried&gt; &amp; Fils');
    expect(page.body).toContain('<form method="post" action="/api/v1/payments/stripe/checkout">');
    expect(page.body).toContain('value="pay">Payer par carte</button>');
    expect(page.body).toContain('value="cancel">Annuler</button>');
    // Its form may post here and be redirected to the portal (cancel) or Stripe's Checkout (pay).
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${PORTAL} https://checkout.stripe.com;`);
    expect(fake.requests).toHaveLength(before);

    const { res, session, form } = await pay(recommended.link);
    expect(res.headers.get('location')).toBe(session.url);
    expect(session.url!.startsWith('https://checkout.stripe.com/')).toBe(true);
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: owner.organizationId,
      'metadata[credits]': '300',
      'metadata[package_id]': recommended.id,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '288000',
      success_url: `${PORTAL}/credits/success?expected_credit_count=340`,
      cancel_url: `${PORTAL}/credits/buy?cancelled=true`,
    });
    expect(form['metadata[purchase_id]']).toMatch(/^[0-9a-f-]{36}$/);
    const recorded = fake.requests.at(-1)!;
    expect(recorded.headers.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);
    expect(recorded.headers['idempotency-key']).toBe(`checkout:${form['metadata[purchase_id]']}`);
    // Payable for an hour from the purchase.
    const expiresIn = Number(form.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(50 * 60);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60);

    const [purchase] = await api.database.db.select().from(purchases).where(eq(purchases.id, form['metadata[purchase_id]']!));
    expect(purchase).toMatchObject({ status: 'PENDING', provider: 'STRIPE', providerSessionId: session.id, credits: 300, amountCents: 288_000 });
    expect(await balanceOf(api, owner.organizationId)).toBe(40);
  });

  it('creates nothing when the link is only looked at, however often (prefetch, crawler, refresh)', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const sessions = fake.sessions.size;
    const before = fake.requests.length;
    for (const accept of ['text/html', 'text/html', '*/*', 'application/json']) {
      const res = await httpRequest(pack!.link, 'GET', { headers: { accept } });
      expect(res.status).toBe(200);
    }
    const head = await fetch(pack!.link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => httpRequest(pack!.link, 'GET', { headers: { accept: 'text/html' } })));
    expect(parallel.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await purchasesOf(owner.organizationId)).toEqual([]);
    expect(fake.requests).toHaveLength(before);
    expect(fake.sessions.size).toBe(sessions);
  });

  it('reuses the open session of the same organisation and pack, from any of its links', async () => {
    const owner = await createOwner(api);
    const other = await createOwner(api);
    const packs = await packsOf(api, owner.token);
    const first = await follow(packs[0]!.link);

    // Again from the same link, from a link minted later, after a refresh of the packs.
    const retrievals = fake.retrievals;
    const sessions = fake.sessions.size;
    const fresh = await packsOf(api, owner.token);
    for (const link of [packs[0]!.link, fresh[0]!.link]) {
      const again = await postStripeForm(api, { token: tokenOf(link), action: 'pay' });
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(first.session.url);
    }
    expect(fake.retrievals).toBe(retrievals + 2);
    expect(fake.sessions.size).toBe(sessions);
    expect((await purchasesOf(owner.organizationId)).map((row) => [row.status, row.providerSessionId])).toEqual([['PENDING', first.session.id]]);

    // Another pack, or another organisation, has its own.
    const otherPack = await pay(packs[1]!.link);
    expect(otherPack.session.id).not.toBe(first.session.id);
    const [othersPack] = await packsOf(api, other.token);
    const othersSession = await pay(othersPack!.link);
    expect(othersSession.session.id).not.toBe(first.session.id);
    expect(othersSession.session.client_reference_id).toBe(other.organizationId);
    expect(await purchasesOf(owner.organizationId)).toHaveLength(2);
  });

  it('makes one purchase and one session for parallel clicks', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const sessions = fake.sessions.size;
    const clicks = await Promise.all(Array.from({ length: 6 }, () => postStripeForm(api, { token: tokenOf(pack!.link), action: 'pay' })));
    expect(clicks.map((res) => res.status)).toEqual([303, 303, 303, 303, 303, 303]);
    expect(new Set(clicks.map((res) => res.headers.get('location'))).size).toBe(1);
    expect(fake.sessions.size).toBe(sessions + 1);
    const rows = await purchasesOf(owner.organizationId);
    expect(rows).toHaveLength(1);
    expect(clicks[0]!.headers.get('location')).toBe(fake.sessions.get(rows[0]!.providerSessionId!)!.url);
  });

  it('opens a new session when the open one expired (its purchase cancelled) or was paid', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const first = await follow(pack!.link);
    fake.expire(first.session.id);
    const second = await pay(pack!.link);
    expect(second.session.id).not.toBe(first.session.id);
    expect(second.res.headers.get('location')).toBe(second.session.url);

    // Paid at Stripe, its webhook still on the way: the buyer asked for another pack.
    fake.sessions.get(second.session.id)!.status = 'complete';
    const third = await pay(pack!.link);
    expect(third.session.id).not.toBe(second.session.id);
    expect((await purchasesOf(owner.organizationId)).map((row) => [row.providerSessionId, row.status])).toEqual([
      [first.session.id, 'CANCELLED'],
      [second.session.id, 'PENDING'],
      [third.session.id, 'PENDING'],
    ]);
    // The paid one is still credited when its event arrives.
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', paid(second.session))));
    await expectCredited(owner, 100, 1);
  });

  it("'Annuler' returns to the buy page and creates nothing", async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const before = fake.requests.length;
    const res = await postStripeForm(api, { token: tokenOf(pack!.link), action: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PORTAL}/credits/buy?cancelled=true`);
    expect(fake.requests).toHaveLength(before);
    expect(await purchasesOf(owner.organizationId)).toEqual([]);
  });

  it('refuses a forged or expired link, or a bad form, with 400', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const token = tokenOf(pack!.link);
    const before = fake.requests.length;
    const res = await api.request('GET', `/payments/stripe/checkout?token=${encodeURIComponent(`${token}x`)}`);
    expect(res.status).toBe(400);
    expectResponseMatches('GET', '/payments/stripe/checkout', 400, res.body);
    const page = await httpRequest(`${api.url}/api/v1/payments/stripe/checkout?token=abc`, 'GET', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.body).toContain('Ce lien de paiement est invalide.');

    const forged = await postStripeForm(api, { token: `${token}x`, action: 'pay' }, { accept: 'application/json' });
    expect(forged.status).toBe(400);
    expectResponseMatches('POST', '/payments/stripe/checkout', 400, forged.body);
    const badAction = await postStripeForm(api, { token, action: 'steal' }, { accept: 'application/json' });
    expect(badAction.status).toBe(400);
    expect(badAction.body.detail).toBe('Le formulaire de paiement est invalide.');
    expect(fake.requests).toHaveLength(before);
    expect(await purchasesOf(owner.organizationId)).toEqual([]);
  });

  it('answers a French 502 page when Stripe cannot be reached, and the pending purchase is cancelled', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    fake.failures = 5;
    try {
      const page = await postStripeForm(api, { token: tokenOf(pack!.link), action: 'pay' });
      expect(page.status).toBe(502);
      expect(page.body).toContain('Le service de paiement est momentanément indisponible.');
    } finally {
      fake.failures = 0;
    }
    expect((await purchasesOf(owner.organizationId)).map((r) => r.status)).toEqual(['CANCELLED']);
    // Stripe is back: the next click opens a session.
    const { session } = await pay(pack!.link);
    expect((await purchasesOf(owner.organizationId)).map((r) => [r.status, r.providerSessionId])).toEqual([
      ['CANCELLED', null],
      ['PENDING', session.id],
    ]);
  });

  it('serves no simulator when Stripe is the provider', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const res = await api.request('GET', `/payments/simulator/checkout?token=${encodeURIComponent(tokenOf(pack!.link))}`);
    expect(res.status).toBe(404);
  });
});

describe('POST /payments/stripe/webhook', () => {
  it('answers 400 to a missing, wrong or stale signature and credits nothing', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const { session } = await follow(pack!.link);
    const event = checkoutEvent('checkout.session.completed', paid(session));
    const payload = JSON.stringify(event);
    const attempts: (string | undefined)[] = [
      'garbage',
      signPayload(payload, { secret: 'whsec_someone_else' }),
      signPayload(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      signPayload(JSON.stringify({ ...event, id: 'evt_other' })),
    ];
    for (const signature of attempts) {
      const res = await deliver(event, signature);
      expect(res.status).toBe(400);
      expectResponseMatches('POST', '/payments/stripe/webhook', 400, res.body);
      expect(res.body.detail).toBe('Signature Stripe invalide.');
    }
    const unsigned = await httpRequest(`${api.url}/api/v1/payments/stripe/webhook`, 'POST', { body: payload });
    expect(unsigned.status).toBe(400);
    expectResponseMatches('POST', '/payments/stripe/webhook', 400, unsigned.body);
    expect(await ledgerOf(api, owner.organizationId)).toEqual({ sum: 0, purchases: 0 });
    // A signature inside the 5-minute tolerance is accepted.
    await expectAck(await deliver(event, signPayload(payload, { timestamp: Math.floor(Date.now() / 1000) - 240 })));
    await expectCredited(owner, 100, 1);
  });

  it('answers 400 to a signed event it cannot record (no id, odd types, NUL) and stores nothing', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const { session } = await follow(pack!.link);
    const event = checkoutEvent('checkout.session.completed', paid(session));
    const eventsBefore = await api.database.db.$count(stripeEvents);
    const { id: _id, ...withoutId } = event;
    const broken: Record<string, unknown>[] = [
      withoutId,
      { ...event, id: '' },
      { ...event, id: 42 },
      { ...event, id: `evt_${'x'.repeat(300)}` },
      { ...event, type: null },
      { ...event, id: 'evt_nul\u0000' },
      { ...event, data: { object: { ...paid(session), client_reference_id: `${owner.organizationId}\u0000` } } },
    ];
    for (const body of broken) {
      const res = await deliver(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expectResponseMatches('POST', '/payments/stripe/webhook', 400, res.body);
      if (body.data === event.data) expect(res.body.detail).toBe('Événement Stripe invalide.');
    }
    expect(await api.database.db.$count(stripeEvents)).toBe(eventsBefore);
    await expectCredited(owner, 0, 0);
    // Fields of the wrong type are read as absent: recorded and acknowledged, never credited.
    const oddCurrency = checkoutEvent('checkout.session.completed', { ...paid(session), currency: 978 as unknown as string });
    await expectAck(await deliver(oddCurrency));
    const oddMetadata = checkoutEvent('checkout.session.completed', { ...paid(session), metadata: 'credits' as unknown as Record<string, string> });
    await expectAck(await deliver(oddMetadata));
    await expectCredited(owner, 0, 0);
  });

  it('credits a paid session once, however often and however concurrently the event is delivered', async () => {
    const owner = await createOwner(api, { credits: 7 });
    const [, recommended] = await packsOf(api, owner.token);
    const { session } = await follow(recommended!.link);
    const completed = checkoutEvent('checkout.session.completed', paid(session));

    const parallel = await Promise.all(Array.from({ length: 10 }, () => deliver(completed)));
    for (const res of parallel) await expectAck(res);
    for (let retry = 0; retry < 3; retry += 1) await expectAck(await deliver(completed));
    // Stripe also sends async_payment_succeeded for some payment methods: same session, new event.
    await expectAck(await deliver(checkoutEvent('checkout.session.async_payment_succeeded', paid(session))));
    await expectCredited(owner, 307, 1);

    const [purchase] = await api.database.db.select().from(purchases).where(eq(purchases.providerSessionId, session.id));
    expect(purchase).toMatchObject({ status: 'PAID' });
    const [event] = await api.database.db.select().from(stripeEvents).where(eq(stripeEvents.eventId, completed.id as string));
    expect(event).toMatchObject({ type: 'checkout.session.completed' });
  });

  it('answers 2xx only after the commit: a failed delivery records nothing, and its retry credits', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const { session } = await follow(pack!.link);
    // Break the purchase (paid without its ledger line): fulfilment throws and rolls back.
    await api.database.db.update(purchases).set({ status: 'PAID' }).where(eq(purchases.providerSessionId, session.id));
    const event = checkoutEvent('checkout.session.completed', paid(session));
    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    expect(await api.database.db.select().from(stripeEvents).where(eq(stripeEvents.eventId, event.id as string))).toEqual([]);
    await expectCredited(owner, 0, 0);

    await api.database.db.update(purchases).set({ status: 'PENDING' }).where(eq(purchases.providerSessionId, session.id));
    await expectAck(await deliver(event));
    await expectCredited(owner, 100, 1);
  });

  it('credits once when completed and async_payment_succeeded arrive together or out of order', async () => {
    const owner = await createOwner(api);
    const packs = await packsOf(api, owner.token);
    const first = await follow(packs[0]!.link);
    const second = await follow(packs[2]!.link);

    // Out of order: the async success first, then the (earlier) completed event still unpaid.
    await expectAck(await deliver(checkoutEvent('checkout.session.async_payment_succeeded', paid(first.session))));
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', { ...first.session, payment_status: 'unpaid', status: 'complete' })));
    // Together, each several times.
    const both = [checkoutEvent('checkout.session.completed', paid(second.session)), checkoutEvent('checkout.session.async_payment_succeeded', paid(second.session))];
    const results = await Promise.all([...both, ...both, ...both].map((event) => deliver(event)));
    for (const res of results) await expectAck(res);

    await expectCredited(owner, 1100, 2);
  });

  it('credits nothing for an unpaid session or another currency; the session can still be credited when paid', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const { session } = await follow(pack!.link);
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'unpaid' })));
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', { ...paid(session), currency: 'usd' })));
    await expectAck(await deliver(checkoutEvent('checkout.session.expired', { ...session, status: 'expired' })));
    await expectAck(await deliver(checkoutEvent('checkout.session.async_payment_failed', session)));
    await expectAck(await deliver({ id: `evt_test_empty_${Date.now()}`, object: 'event', type: 'checkout.session.completed', data: {} }));
    await expectCredited(owner, 0, 0);

    await expectAck(await deliver(checkoutEvent('checkout.session.async_payment_succeeded', paid(session))));
    await expectCredited(owner, 100, 1);
  });

  it('credits nothing when the amount or credits disagree with the purchase', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const { session } = await follow(pack!.link);
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', { ...paid(session), amount_total: 100 })));
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', { ...paid(session), metadata: { ...session.metadata, credits: '1000' } })));
    await expectCredited(owner, 0, 0);
  });

  it('does not credit an archived organisation (and still acknowledges)', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const { session } = await follow(pack!.link);
    const archived = await api.request('DELETE', `/organizations/${owner.organizationId}/archive`, { token: await adminToken(api) });
    expect(archived.status).toBe(204);
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', paid(session))));
    await expectCredited(owner, 0, 0);
  });

  it('credits a paid session the server created even if its purchase row was lost, from the session metadata', async () => {
    const owner = await createOwner(api);
    const [, recommended] = await packsOf(api, owner.token);
    const { session } = await follow(recommended!.link);
    const lost = { ...paid(session), id: `cs_test_lost_${Date.now()}`, metadata: { credits: '300', package_id: recommended!.id } };
    // Not at another price or for other credits than the pack's.
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', { ...lost, id: `${lost.id}_cheap`, amount_total: 100 })));
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', { ...lost, id: `${lost.id}_more`, metadata: { ...lost.metadata, credits: '900' } })));
    await expectCredited(owner, 0, 0);
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', lost)));
    await expectCredited(owner, 300, 1);
    // An unknown organisation is acknowledged and ignored.
    const stranger = { ...lost, id: `cs_test_stranger_${Date.now()}`, client_reference_id: '00000000-0000-4000-8000-000000000000' };
    await expectAck(await deliver(checkoutEvent('checkout.session.completed', stranger)));
  });
});
