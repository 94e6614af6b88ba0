// Without PAYMENT_PROVIDER (what a deployment that forgets it gets, NODE_ENV unset included):
// no payment provider. The packs are listed, but a pack's link answers 503 with a French detail
// and nothing is stored: no purchase, no credit, no invoice. The simulator is never on by default.
import { messages } from '@terres/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema.js';
import { createOwner } from '../../../test/helpers/fixtures.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import { balanceOf, invoicesOf, ledgerOf, packsOf, postSimulatorForm, postStripeForm, tokenOf } from '../../../test/helpers/payments.js';
import { httpRequest, startApiForTest, type TestApi } from '../../../test/helpers/session.js';

const PORTAL = 'http://portail.test:5173';
const DETAIL = 'Le paiement en ligne n’est pas encore configuré sur cette plateforme. Contactez le support.';

const logLines: string[] = [];
let api: TestApi;
let simulatorApi: TestApi;

beforeAll(async () => {
  [api, simulatorApi] = await Promise.all([
    // NODE_ENV unset (development) and PAYMENT_PROVIDER unset: the forgotten deployment.
    startApiForTest(
      { NODE_ENV: undefined, PAYMENT_PROVIDER: undefined, ADVERTISER_PORTAL_URL: PORTAL, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    ),
    startApiForTest({ PAYMENT_PROVIDER: 'simulator' }),
  ]);
});

afterAll(async () => {
  await Promise.all([api?.close(), simulatorApi?.close()]);
});

describe('no payment provider (PAYMENT_PROVIDER unset)', () => {
  it('is the default, and the start-up log says once that payments are off', () => {
    expect(api.running.app.config.paymentProvider).toBe('none');
    expect(logLines.filter((line) => line.includes('no payment provider'))).toHaveLength(1);
  });

  it('lists the packs, but following a link answers 503 with the French detail and stores nothing', async () => {
    expect(messages.noPaymentProvider).toBe(DETAIL);
    const owner = await createOwner(api);
    const before = await balanceOf(api, owner.organizationId);
    const packs = await packsOf(api, owner.token);
    expect(packs.map((pack) => pack.credits)).toEqual([100, 300, 1000]);
    for (const pack of packs) {
      const link = new URL(pack.link);
      expect(`${link.origin}${link.pathname}`).toBe(`${api.url}/api/v1/payments/none/checkout`);
    }

    // An API client: the problem document.
    const json = await httpRequest(packs[1]!.link, 'GET');
    expect(json.status).toBe(503);
    expect(json.body.detail).toBe(DETAIL);
    expectResponseMatches('GET', '/payments/none/checkout', 503, json.body);

    // A browser ('Acheter ce pack' is a link): the French page, with the way back to the packs.
    const page = await httpRequest(packs[0]!.link, 'GET', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>Paiement impossible</h1>');
    expect(page.body).toContain(DETAIL);
    expect(page.body).toContain(`href="${PORTAL}/credits/buy"`);

    // Neither provider's routes answer: no way to be credited without a provider.
    for (const pack of packs) {
      const simulator = await postSimulatorForm(api, { token: tokenOf(pack.link), action: 'pay' });
      expect(simulator.status).toBe(404);
      const shown = await api.request('GET', `/payments/simulator/checkout?token=${encodeURIComponent(tokenOf(pack.link))}`);
      expect(shown.status).toBe(404);
      const stripe = await postStripeForm(api, { token: tokenOf(pack.link), action: 'pay' });
      expect(stripe.status).toBe(404);
    }

    expect(await balanceOf(api, owner.organizationId)).toBe(before);
    expect(await ledgerOf(api, owner.organizationId)).toMatchObject({ purchases: 0 });
    expect(await api.database.db.select().from(purchases).where(eq(purchases.organizationId, owner.organizationId))).toEqual([]);
    expect(await invoicesOf(api, owner.organizationId)).toEqual([]);
  });

  it('answers 503 whatever the link, even a forged one: nothing is read', async () => {
    const res = await api.request('GET', '/payments/none/checkout?token=forged');
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(DETAIL);
  });
});

describe('with the simulator asked for (PAYMENT_PROVIDER=simulator)', () => {
  it('hands out simulator links, and the no-provider page is 404', async () => {
    const owner = await createOwner(simulatorApi);
    const [pack] = await packsOf(simulatorApi, owner.token);
    expect(pack!.link.startsWith(`${simulatorApi.url}/api/v1/payments/simulator/checkout?token=`)).toBe(true);
    const res = await simulatorApi.request('GET', `/payments/none/checkout?token=${encodeURIComponent(tokenOf(pack!.link))}`);
    expect(res.status).toBe(404);
    expectResponseMatches('GET', '/payments/none/checkout', 404, res.body);
  });
});
