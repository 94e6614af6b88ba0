import { messages } from '@terres/domain';
import { get as httpGet } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../../../test/helpers/app.js';
import { adminToken, createEmployee, createOwner } from '../../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import {
  balanceOf,
  invoicesOf,
  ledgerOf,
  packsOf,
  payWithSimulator,
  postSimulatorForm,
  tokenOf,
} from '../../../test/helpers/payments.js';
import { httpRequest, registerOwner, startApiForTest, type TestApi } from '../../../test/helpers/session.js';
import { signCheckoutToken } from '../../payments/checkout-token.js';

const PORTAL = 'http://portail.test:5173';
let api: TestApi;

beforeAll(async () => {
  api = await startApiForTest({ ADVERTISER_PORTAL_URL: PORTAL });
});

afterAll(async () => {
  await api?.close();
});

/** A GET with exactly these headers (fetch would not send a forged Host). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A browser navigation: `path` under /api/v1, or a full URL (a pack's link). */
function html(path: string) {
  return httpRequest(path.startsWith('http') ? path : `${api.url}/api/v1${path}`, 'GET', { headers: { accept: 'text/html,application/xhtml+xml' } });
}

describe('GET /credits/packages', () => {
  it('lists the three packs, cheapest first, one recommended, prices TTC, links personal to the organisation', async () => {
    const owner = await createOwner(api);
    const packs = await packsOf(api, owner.token);
    expect(packs.map((p) => [p.credits, p.price, p.recommended])).toEqual([
      [100, 1080, false],
      [300, 2880, true],
      [1000, 8400, false],
    ]);
    // HT and the rate beside the TTC price, as the cards and the invoices show them (review D7).
    expect(packs.map((p) => [p.priceExcludingTax, p.vatRate])).toEqual([
      [900, 20],
      [2400, 20],
      [7000, 20],
    ]);
    for (const pack of packs) {
      const link = new URL(pack.link);
      expect(`${link.origin}${link.pathname}`).toBe(`${api.url}/api/v1/payments/simulator/checkout`);
      const payload = JSON.parse(Buffer.from(tokenOf(pack.link).split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
      expect(payload).toMatchObject({ p: pack.id, o: owner.organizationId });
    }
    // Every listing mints new links (a link pays once).
    const again = await packsOf(api, owner.token);
    expect(again[0]!.link).not.toBe(packs[0]!.link);
  });

  it('builds links on API_PUBLIC_URL, whatever Host or X-Forwarded-Host the request forges', async () => {
    // Behind a trusted proxy too, where Fastify would take the host from X-Forwarded-Host.
    const proxied = await startApiForTest({ API_PUBLIC_URL: 'https://api.bourse-terres.test/', TRUST_PROXY: 'true' });
    try {
      for (const target of [api, proxied]) {
        const owner = await createOwner(target);
        const expected = target === api ? api.url : 'https://api.bourse-terres.test';
        const forgeries: Record<string, string>[] = [
          { host: 'evil.example' },
          { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
          { 'x-forwarded-host': 'evil.example:8443' },
        ];
        for (const headers of forgeries) {
          const res = await rawGet(`${target.url}/api/v1/credits/packages`, { ...headers, authorization: `Bearer ${owner.token}` });
          expect(res.status, JSON.stringify(headers)).toBe(200);
          const packs = JSON.parse(res.body) as { link: string }[];
          expect(packs).toHaveLength(3);
          for (const pack of packs) {
            expect(pack.link.startsWith(`${expected}/api/v1/payments/simulator/checkout?token=`), pack.link).toBe(true);
            expect(pack.link).not.toContain('evil');
          }
        }
      }
    } finally {
      await proxied.close();
    }
  });

  it('is for owners with an organisation only', async () => {
    const anonymous = await api.request('GET', '/credits/packages');
    expect(anonymous.status).toBe(401);
    expectResponseMatches('GET', '/credits/packages', 401, anonymous.body);

    const owner = await createOwner(api);
    const employee = await createEmployee(api, owner);
    const asEmployee = await api.request('GET', '/credits/packages/', { token: employee.token });
    expect(asEmployee.status).toBe(403);
    expectResponseMatches('GET', '/credits/packages', 403, asEmployee.body);

    const asAdmin = await api.request('GET', '/credits/packages', { token: await adminToken(api) });
    expect(asAdmin.status).toBe(403);
    expectResponseMatches('GET', '/credits/packages', 403, asAdmin.body);

    const newcomer = await registerOwner(api);
    const withoutOrganization = await api.request('GET', '/credits/packages', { token: newcomer.accessToken });
    expect(withoutOrganization.status).toBe(403);
    expectResponseMatches('GET', '/credits/packages', 403, withoutOrganization.body);
  });
});

describe('simulator pay page', () => {
  it('shows the pack, the organisation and the prices HT, TVA, TTC in French with Payer and Annuler', async () => {
    const owner = await createOwner(api, { name: 'Terrassements <Ried> & Fils' });
    const [, recommended] = await packsOf(api, owner.token);
    const page = await html(recommended!.link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Browsers apply form-action to the redirect that answers the post: the portal must be allowed.
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${PORTAL}`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const body = page.body as string;
    expect(body).toContain('<html lang="fr">');
    expect(body).toMatch(/300\s+crédits/);
    expect(body).toContain('Terrassements &lt;Ried&gt; &amp; Fils');
    expect(body).toMatch(/2\s400,00\s€/); // HT
    expect(body).toMatch(/480,00\s€/); // TVA
    expect(body).toMatch(/2\s880,00\s€/); // TTC
    expect(body).toContain('>Payer</button>');
    expect(body).toContain('>Annuler</button>');
    expect(body).toContain('method="post"');
    expect(body).toContain(`name="token" value="${tokenOf(recommended!.link)}"`);
  });

  it('pays: credits exactly the pack, issues the invoice, returns to the portal with the balance after', async () => {
    const owner = await createOwner(api, { credits: 25 });
    const [small] = await packsOf(api, owner.token);
    const location = await payWithSimulator(api, small!.link);
    expect(location).toBe(`${PORTAL}/credits/success?expected_credit_count=125`);
    expect(await balanceOf(api, owner.organizationId)).toBe(125);
    expect(await ledgerOf(api, owner.organizationId)).toEqual({ sum: 125, purchases: 1 });
    const issued = await invoicesOf(api, owner.organizationId);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ credits: 100, amountExclTaxCents: 90_000, vatCents: 18_000, totalCents: 108_000 });
    expect(issued[0]!.number).toMatch(/^FA-\d{4}-\d{6}$/);
    // The ledger line names its invoice (issue 21: the console showed the raw key).
    const lines = await api.request('GET', `/organizations/${owner.organizationId}/credit-transactions`, { token: owner.token });
    expect(lines.body[0]).toMatchObject({ kind: 'PURCHASE', invoiceNumber: issued[0]!.number, inquiryProjectName: null });

    const me = await api.request('GET', '/organizations/me', { token: owner.token });
    expect(me.body.creditBalance).toBe(125);
  });

  it('pays once per link, even when the form is posted again or in parallel', async () => {
    const owner = await createOwner(api);
    const [, recommended] = await packsOf(api, owner.token);
    const first = await payWithSimulator(api, recommended!.link);
    const again = await payWithSimulator(api, recommended!.link);
    expect(again).toBe(first);
    expect(first).toBe(`${PORTAL}/credits/success?expected_credit_count=300`);

    const [, , large] = await packsOf(api, owner.token);
    const parallel = await Promise.all(Array.from({ length: 8 }, () => payWithSimulator(api, large!.link)));
    expect(new Set(parallel)).toEqual(new Set([`${PORTAL}/credits/success?expected_credit_count=1300`]));

    expect(await balanceOf(api, owner.organizationId)).toBe(1300);
    expect(await ledgerOf(api, owner.organizationId)).toEqual({ sum: 1300, purchases: 2 });
    expect(await invoicesOf(api, owner.organizationId)).toHaveLength(2);

    // The page now says so.
    const page = await html(large!.link);
    expect(page.body).toContain('Ce paiement a déjà été effectué.');
  });

  it('cancels: back to the buy page, nothing credited', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const res = await postSimulatorForm(api, { token: tokenOf(pack!.link), action: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PORTAL}/credits/buy?cancelled=true`);
    expect(await balanceOf(api, owner.organizationId)).toBe(0);
    expect(await invoicesOf(api, owner.organizationId)).toHaveLength(0);
  });

  it('refuses a forged, expired or malformed link with a French page (browser) or problem (API client)', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const token = tokenOf(pack!.link);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const otherOrganization = signCheckoutToken('another-secret-another-secret-another', { packageId: pack!.id, organizationId: owner.organizationId });
    const expired = signCheckoutToken(TEST_AUTH_SECRET, { packageId: pack!.id, organizationId: owner.organizationId }, new Date(Date.now() - 2 * 3600_000));

    for (const [bad, detail] of [
      [forged, messages.invalidPaymentLink],
      [otherOrganization, messages.invalidPaymentLink],
      ['n-importe-quoi', messages.invalidPaymentLink],
      [expired, messages.expiredPaymentLink],
    ] as const) {
      const page = await html(`/payments/simulator/checkout?token=${encodeURIComponent(bad)}`);
      expect(page.status).toBe(400);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.body).toContain('Paiement impossible');
      expect(page.body).toContain(detail.replace(/’/g, '’'));

      const json = await api.request('GET', `/payments/simulator/checkout?token=${encodeURIComponent(bad)}`);
      expect(json.status).toBe(400);
      expectResponseMatches('GET', '/payments/simulator/checkout', 400, json.body);
      expect(json.body.detail).toBe(detail);

      const paid = await postSimulatorForm(api, { token: bad, action: 'pay' }, { accept: 'text/html' });
      expect(paid.status).toBe(400);
      expect(paid.body).toContain(detail);
    }
    const noToken = await api.request('GET', '/payments/simulator/checkout');
    expect(noToken.status).toBe(400);
    expectResponseMatches('GET', '/payments/simulator/checkout', 400, noToken.body);
    const badAction = await postSimulatorForm(api, { token, action: 'offrir' });
    expect(badAction.status).toBe(400);
    expectResponseMatches('POST', '/payments/simulator/checkout', 400, badAction.body);
    expect(await balanceOf(api, owner.organizationId)).toBe(0);
  });

  it('does not credit an archived organisation', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const archived = await api.request('DELETE', `/organizations/${owner.organizationId}/archive`, { token: await adminToken(api) });
    expect(archived.status).toBe(204);
    const res = await postSimulatorForm(api, { token: tokenOf(pack!.link), action: 'pay' });
    expect(res.status).toBe(400);
    expectResponseMatches('POST', '/payments/simulator/checkout', 400, res.body);
    expect(await ledgerOf(api, owner.organizationId)).toEqual({ sum: 0, purchases: 0 });
  });

  it('numbers invoices FA-YYYY-NNNNNN without gaps under parallel purchases', async () => {
    const owners = await Promise.all(Array.from({ length: 4 }, () => createOwner(api)));
    const links = (await Promise.all(owners.map((o) => packsOf(api, o.token)))).flatMap((packs) => packs.map((p) => p.link));
    await Promise.all(links.map((link) => payWithSimulator(api, link)));
    const mine = (await Promise.all(owners.map((o) => invoicesOf(api, o.organizationId)))).flat();
    expect(mine).toHaveLength(12);
    expect(new Set(mine.map((i) => i.number)).size).toBe(12);
    // Across the run's database (every invoice comes from these tests): 1..max, no hole.
    const { rows } = await api.database.db.execute<{ year: number; n: string; max: number }>(
      sql`select year, count(*) as n, max(sequence) as max from invoices group by year`,
    );
    for (const row of rows) expect(Number(row.n)).toBe(Number(row.max));
    for (const invoice of mine) expect(invoice.number).toBe(`FA-${invoice.year}-${String(invoice.sequence).padStart(6, '0')}`);
  });

  it('answers 404 on the Stripe routes when the simulator is the provider', async () => {
    const owner = await createOwner(api);
    const [pack] = await packsOf(api, owner.token);
    const res = await api.request('GET', `/payments/stripe/checkout?token=${encodeURIComponent(tokenOf(pack!.link))}`);
    expect(res.status).toBe(404);
    const hook = await api.request('POST', '/payments/stripe/webhook', { body: { id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } }, headers: { 'stripe-signature': 't=1,v1=00' } });
    expect(hook.status).toBe(404);
  });
});
