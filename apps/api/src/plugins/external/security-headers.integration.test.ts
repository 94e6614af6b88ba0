// Issue 12, item 8, over real HTTP: the security headers on every kind of answer (public,
// signed-in JSON, download, errors, CORS preflight, the payment pages), `Cache-Control:
// no-store` on each, and CORS for the apps' loopback twins with Idempotency-Key.
import { request as httpRawRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteDraft, createOwner, type OwnerFixture } from '../../../test/helpers/fixtures.js';
import { packsOf, payWithSimulator } from '../../../test/helpers/payments.js';
import { httpRequest, startApiForTest, type ApiResponse, type TestApi } from '../../../test/helpers/session.js';
import { SECURITY_HEADERS } from './security-headers.js';

const PORTAL = 'http://localhost:5173';
const CONSOLE = 'http://localhost:5174';
const API_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

let api: TestApi;
let owner: OwnerFixture;

beforeAll(async () => {
  api = await startApiForTest({ ADVERTISER_PORTAL_URL: PORTAL, ADMIN_CONSOLE_URL: CONSOLE });
  owner = await createOwner(api);
});

afterAll(async () => {
  await api?.close();
});

/** What every answer carries, whatever it is. */
function expectSafeDefaults(res: { headers: Headers }, what: string): void {
  const h = res.headers;
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('referrer-policy'), what).toBe('no-referrer');
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('strict-transport-security'), what).toMatch(/^max-age=\d+; includeSubDomains$/);
  expect(h.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(h.get('cross-origin-resource-policy'), what).toBe('same-origin');
  expect(h.get('x-permitted-cross-domain-policies'), what).toBe('none');
  expect(h.get('x-dns-prefetch-control'), what).toBe('off');
  expect(h.get('x-powered-by'), what).toBeNull();
}

function expectApiCsp(res: ApiResponse | Response, what: string): void {
  expect(res.headers.get('content-security-policy'), what).toBe(API_CSP);
}

/** A request exactly as written (fetch would normalise the URL), on its own connection. */
function rawGet(path: string): Promise<{ status: number; headers: Headers }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = httpRawRequest({ host: hostname, port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('security headers', () => {
  it('on a public answer, with no-store', async () => {
    const res = await fetch(`${api.url}/api/health`);
    expect(res.status).toBe(200);
    expectSafeDefaults(res, 'health');
    expectApiCsp(res, 'health');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The set written on answers made outside the hooks (router errors) is the same.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);

    // The sign-in answer carries the tokens: never kept by a cache.
    const code = await httpRequest(`${api.url}/api/v1/auth/login/magic-link/request`, 'POST', { body: { email: 'personne@exemple-chantier.fr' } });
    expect(code.status).toBe(202);
    expectSafeDefaults(code, 'code request');
    expect(code.headers.get('cache-control')).toBe('no-store');
  });

  it('on an authenticated JSON answer, with no-store', async () => {
    for (const path of ['/users/me', '/organizations/me', '/credits/packages', '/inquiries']) {
      const res = await api.request('GET', path, { token: owner.token });
      expect(res.status, path).toBe(200);
      expectSafeDefaults(res, path);
      expectApiCsp(res, path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('on downloads: a document, a listing PDF, an invoice PDF, each private and no-store', async () => {
    const inquiryId = await createCompleteDraft(api, owner.token);
    const documents = await api.request('GET', `/inquiries/${inquiryId}/documents`, { token: owner.token });
    const [packs] = [await packsOf(api, owner.token)];
    await payWithSimulator(api, packs[0]!.link);
    const invoices = await api.request('GET', '/invoices', { token: owner.token });
    for (const path of [`/documents/${documents.body[0].id}/download`, `/inquiries/${inquiryId}/pdf`, `/invoices/${invoices.body[0].id}/pdf`]) {
      const res = await fetch(`${api.url}/api/v1${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-disposition'), path).toMatch(/^attachment;/);
      expectSafeDefaults(res, path);
      expectApiCsp(res, path);
      expect(res.headers.get('cache-control'), path).toMatch(/^(private, )?no-store$/);
      await res.arrayBuffer();
    }
  });

  it('on error answers: 401, 403, 404, 400, 415', async () => {
    const answers: [string, ApiResponse][] = [
      ['401 without a token', await api.request('GET', '/users/me')],
      ['401 bad token', await api.request('GET', '/users/me', { token: 'forged' })],
      ['403 role', await api.request('GET', '/soil-studies', { token: owner.token })],
      ['404 unknown route', await api.request('GET', '/nothing-here')],
      ['404 other id', await api.request('GET', '/inquiries/00000000-0000-4000-8000-000000000000', { token: owner.token })],
      ['400 bad JSON', await api.request('PUT', '/users/me', { token: owner.token, body: '{"first_name":' })],
      [
        '415 content type',
        await api.request('PUT', '/users/me', { token: owner.token, body: 'x', headers: { 'content-type': 'application/x-unknown' } }),
      ],
    ];
    for (const [what, res] of answers) {
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
      expectSafeDefaults(res, what);
      expectApiCsp(res, what);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('on refusals made before any route: a URL that does not decode, a parameter too long, a URL over 16 KiB', async () => {
    for (const [path, status] of [
      ['/api/v1/inquiries/%zz', 400],
      [`/api/v1/inquiries/${'a'.repeat(500)}`, 414],
      [`/api/v1/inquiries?q=${'a'.repeat(20_000)}`, 431],
    ] as const) {
      const res = await rawGet(path);
      expect(res.status, path.slice(0, 30)).toBe(status);
      expectSafeDefaults(res, `${status}`);
      expect(res.headers.get('content-security-policy'), `${status}`).toBe(API_CSP);
      expect(res.headers.get('cache-control'), `${status}`).toBe('no-store');
    }
  });

  it('on a CORS preflight, which admits the apps and their 127.0.0.1 twins with Idempotency-Key', async () => {
    for (const origin of [PORTAL, CONSOLE, 'http://127.0.0.1:5173', 'http://127.0.0.1:5174']) {
      const preflight = await fetch(`${api.url}/api/v1/organizations/${owner.organizationId}/credits`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      expect(preflight.status, origin).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBe(origin);
      const allowed = preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(/\s*,\s*/);
      expect(allowed, origin).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
      expectSafeDefaults(preflight, `preflight ${origin}`);
    }
    const stranger = await fetch(`${api.url}/api/v1/users/me`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:6666', 'access-control-request-method': 'GET' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps the payment pages working: their own CSP (inline style, the form), no-store, no referrer', async () => {
    const [pack] = await packsOf(api, owner.token);
    for (const [what, res] of [
      ['pay page', await httpRequest(pack!.link, 'GET', { headers: { accept: 'text/html' } })],
      ['error page', await httpRequest(`${api.url}/api/v1/payments/simulator/checkout?token=abc`, 'GET', { headers: { accept: 'text/html' } })],
    ] as const) {
      expect(res.headers.get('content-type'), what).toBe('text/html; charset=utf-8');
      expectSafeDefaults(res, what);
      // One policy, the page's: helmet's would forbid its inline style and its form.
      expect(res.headers.get('content-security-policy'), what).toBe(
        `default-src 'none'; style-src 'unsafe-inline'; font-src data:; form-action 'self' ${PORTAL}; frame-ancestors 'none'; base-uri 'none'`,
      );
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });
});
