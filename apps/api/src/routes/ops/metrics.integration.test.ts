// GET /api/metrics over HTTP: the Prometheus text (route patterns, pool, e-mails, payments) and
// who may read it.
import { messages } from '@terres/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, startApp, testConfig, type RunningApp } from '../../../test/helpers/app.js';
import { createOwner } from '../../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { packsOf, postStripeForm, tokenOf } from '../../../test/helpers/payments.js';
import { httpRequest, startApiForTest, uniqueEmail, type TestApi } from '../../../test/helpers/session.js';
import {
  checkoutEvent,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signPayload,
  startStripeFake,
  type StripeFake,
} from '../../../test/helpers/stripe-fake.js';
import type { Database } from '../../db/index.js';

/** The value of one sample of the Prometheus text (`name{a="b",...} value`), labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${url}/api/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.text();
}

describe('GET /api/metrics', () => {
  let api: TestApi;
  let fake: StripeFake;

  beforeAll(async () => {
    fake = await startStripeFake();
    api = await startApiForTest({
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

  it('counts requests per route pattern with a latency histogram, never the raw URL', async () => {
    const id = randomUUID();
    for (let i = 0; i < 3; i += 1) expect((await api.request('GET', `/inquiries/${id}`)).status).toBe(401);
    expect((await httpRequest(`${api.url}/api/nowhere/${id}?token=secret-in-url`, 'GET')).status).toBe(404);
    expect((await httpRequest(`${api.url}/api/health/live`, 'GET')).status).toBe(200);

    const text = await scrape(api.url);
    const route = { method: 'GET', route: '/api/v1/inquiries/:id', status_code: '401' };
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '__unknown__', status_code: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/health/live', status_code: '200' })).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('secret-in-url');
    // The scrape itself is not timed.
    expect(text).not.toContain('route="/api/metrics"');
    // Process metrics from prom-client.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });

  it('reports the node-postgres pool', async () => {
    // A query opens the pool's first connection (migrations use a connection of their own).
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    const text = await scrape(api.url);
    expect(sample(text, 'terres_db_info', { driver: 'postgres' })).toBe(1);
    expect(sample(text, 'terres_db_pool_max_connections')).toBe(10);
    const total = sample(text, 'terres_db_pool_connections')!;
    const idle = sample(text, 'terres_db_pool_idle_connections')!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeLessThanOrEqual(total);
    expect(sample(text, 'terres_db_pool_waiting_queries')).toBe(0);
    // Row-level security: the health check's connection was given its (empty) scope.
    expect(sample(text, 'terres_db_scope_statements_total')).toBeGreaterThanOrEqual(1);
  });

  it('counts e-mails sent, Stripe checkouts opened, webhook events by outcome and purchases credited', async () => {
    const before = await scrape(api.url);
    const sentBefore = sample(before, 'terres_emails_sent_total', { transport: 'smtp' }) ?? 0;

    const owner = await createOwner(api); // signs in: one code e-mail
    const [pack] = await packsOf(api, owner.token);
    const res = await postStripeForm(api, { token: tokenOf(pack!.link), action: 'pay' });
    expect(res.status).toBe(303);
    const again = await postStripeForm(api, { token: tokenOf(pack!.link), action: 'pay' });
    expect(again.status).toBe(303);
    const session = fake.requests.at(-1)!.session;
    const event = checkoutEvent('checkout.session.completed', { ...session, payment_status: 'paid', status: 'complete' });
    const payload = JSON.stringify(event);
    const deliver = (signature: string) =>
      httpRequest(`${api.url}/api/v1/payments/stripe/webhook`, 'POST', {
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    expect((await deliver(signPayload(payload))).status).toBe(200);
    expect((await deliver(signPayload(payload))).status).toBe(200);
    expect((await deliver('garbage')).status).toBe(400);

    const text = await scrape(api.url);
    expect(sample(text, 'terres_emails_sent_total', { transport: 'smtp' })).toBe(sentBefore + 1);
    expect(sample(text, 'terres_payment_checkouts_total', { provider: 'stripe', reused: 'false' })).toBe(1);
    expect(sample(text, 'terres_payment_checkouts_total', { provider: 'stripe', reused: 'true' })).toBe(1);
    expect(sample(text, 'terres_payment_webhook_events_total', { outcome: 'credited' })).toBe(1);
    expect(sample(text, 'terres_payment_webhook_events_total', { outcome: 'duplicate_event' })).toBe(1);
    expect(sample(text, 'terres_payment_webhook_events_total', { outcome: 'bad_signature' })).toBe(1);
    expect(sample(text, 'terres_payment_purchases_credited_total', { provider: 'stripe' })).toBe(1);
    // Nothing personal: no address, no token.
    expect(text).not.toContain('@');
    expect(text).not.toContain(owner.token);
  });

  it('answers clients on this machine only, without METRICS_TOKEN: a proxied request gets 403', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }] as Record<string, string>[]) {
      const res = await httpRequest(`${api.url}/api/metrics`, 'GET', { headers });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(res.body).toMatchObject({ status: 403, detail: messages.metricsLocalOnly });
      expectResponseMatches('GET', '/metrics', 403, res.body);
    }
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-for-tests-0123456789abcdef';
  let database: Database;
  let running: RunningApp;

  beforeAll(async () => {
    database = await openPostgres(inject('databaseUrl'));
    // No mail transport: every e-mail fails (counted).
    running = await startApp({ config: testConfig({ METRICS_TOKEN: token }), database });
  });

  afterAll(async () => {
    await running?.close();
    await database?.close();
  });

  it('needs the bearer token, even from this machine', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${token}x`, token, `Basic ${token}`]) {
      const res = await httpRequest(`${running.url}/api/metrics`, 'GET', { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(res.body).toMatchObject({ status: 401, detail: messages.metricsToken });
      expectResponseMatches('GET', '/metrics', 401, res.body);
    }
    // From anywhere, with it.
    await scrape(running.url, { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' });
  });

  it('counts e-mails that could not be sent', async () => {
    const res = await httpRequest(`${running.url}/api/v1/auth/login/magic-link/request`, 'POST', { body: { email: uniqueEmail() } });
    expect(res.status).toBe(503);
    const text = await scrape(running.url, { authorization: `Bearer ${token}` });
    expect(sample(text, 'terres_emails_failed_total', { transport: 'none' })).toBe(1);
    expect(sample(text, 'terres_emails_sent_total', { transport: 'none' })).toBeUndefined();
  });
});
