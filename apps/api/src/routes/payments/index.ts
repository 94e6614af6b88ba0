// Payments (CONTRACT §9). Browser navigation from a pack's `link`:
// - simulator (PAYMENT_PROVIDER=simulator): GET shows a French pay page, POST 'Payer' fulfils
//   the purchase keyed by the link's nonce (a link pays once) and returns the browser to the
//   portal; 'Annuler' changes nothing and returns it to the buy page. The token in the form is
//   the capability (no cookie is involved), so a cross-site post gains nothing.
// - stripe: GET shows a French pay page and creates nothing (a link prefetch, a crawler or a
//   refresh must not open sessions); POST 'Payer par carte' opens the organisation's Checkout
//   Session for the pack (an open one is reused, see payments/stripe-checkout.ts) and redirects
//   there; the webhook (raw body, signature checked) credits. Only the configured provider's routes answer; the other's are 404, so a
//   Stripe deployment can never be credited through the simulator.
// - none (PAYMENT_PROVIDER unset): the packs' links lead to GET /payments/none/checkout, which
//   answers 503 (a French page for a browser) and stores nothing; both providers' routes are 404.
import { messages, WEBHOOK_BODY_LIMIT } from '@terres/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isConnectionLost } from '../../db/connection-errors.js';
import { organizationScope, setScope, systemScope } from '../../db/scope.js';
import { HttpProblem, problem } from '../../http/problem.js';
import { verifyCheckoutToken } from '../../payments/checkout-token.js';
import { errorPage, pageCsp, simulatorPage, STRIPE_CHECKOUT_ORIGIN, stripePage } from '../../payments/pages.js';
import { openStripeCheckout } from '../../payments/stripe-checkout.js';
import { lazyStripeClient, WEBHOOK_TOLERANCE_SECONDS, type StripeEvent } from '../../payments/stripe.js';
import { handleStripeEvent, isStorableEvent } from '../../payments/stripe-webhook.js';
import { portalLinks } from '../../services/links.js';
import { payWithSimulator, readCheckout, simulatorLinkPaid, type Checkout } from '../../services/purchases.js';

const SIMULATOR_PATH = '/api/v1/payments/simulator/checkout';
const STRIPE_PATH = '/api/v1/payments/stripe/checkout';

const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const portal = config.advertiserPortalUrl;
  const links = portalLinks(config);
  const buyUrl = links.buyCredits();
  const cancelUrl = links.purchaseCancelled();
  const successUrl = links.purchaseSucceeded;
  const stripe = config.paymentProvider === 'stripe' ? lazyStripeClient(config) : null;
  if (config.isProduction && config.paymentProvider === 'simulator') {
    app.log.warn('PAYMENT_PROVIDER=simulator in production: anyone with a pack link can add credits without paying');
  }
  if (config.paymentProvider === 'none') {
    app.log.warn("no payment provider: the packs are listed but none can be bought (503); set PAYMENT_PROVIDER=stripe, or 'simulator' in development");
  }

  // HTML forms post urlencoded bodies; Fastify parses only JSON by default.
  // Its size is the route's `bodyLimit` (the app's JSON_BODY_LIMIT unless a route says otherwise).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Stripe's pay page posts to a 303 towards Stripe's Checkout: its form-action allows it.
  const csp = pageCsp(portal, stripe ? [STRIPE_CHECKOUT_ORIGIN] : []);
  const htmlHeaders = (reply: FastifyReply) =>
    reply
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      // The token is in the page's URL: never send it to another site.
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff');

  /** A browser gets the French error page; an API client the problem document. */
  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    // A lost database connection: nothing was paid, the same form may be posted again.
    const known = error instanceof HttpProblem ? error : isConnectionLost(error) ? problem(503, messages.databaseUnavailable) : undefined;
    if (!known || !(request.headers.accept ?? '').includes('text/html')) throw error;
    if (known !== error) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return htmlHeaders(reply).code(known.status).type('text/html; charset=utf-8').send(errorPage(known.detail, buyUrl));
  };

  /** The link's pack and organisation, or a 400 problem (forged, expired, pack withdrawn, archived). */
  async function checkout(token: unknown): Promise<Checkout> {
    const claims = verifyCheckoutToken(config.authSecret, token);
    // The signed link is the capability: the request sees its organisation's rows only.
    setScope(organizationScope(claims.organizationId, null));
    return readCheckout(app.db, claims);
  }

  const simulatorOnly = async () => {
    if (config.paymentProvider !== 'simulator') throw problem(404);
  };
  const stripeOnly = async () => {
    if (!stripe) throw problem(404);
  };
  const noProviderOnly = async () => {
    if (config.paymentProvider !== 'none') throw problem(404);
  };

  // No provider: nothing can be bought, whatever the link; nothing is read or stored.
  app.get('/none/checkout', { preHandler: noProviderOnly }, async (request, reply) => fail(request, reply, problem(503, messages.noPaymentProvider)));

  app.get<{ Querystring: { token?: string } }>('/simulator/checkout', { preHandler: simulatorOnly }, async (request, reply) => {
    try {
      const { claims, pack, amounts, organization } = await checkout(request.query.token);
      const html = simulatorPage({
        action: SIMULATOR_PATH,
        token: request.query.token!,
        credits: pack.credits,
        organizationName: organization.name,
        exclTaxCents: amounts.exclTaxCents,
        vatCents: amounts.vatCents,
        inclTaxCents: amounts.inclTaxCents,
        alreadyPaid: await simulatorLinkPaid(app.db, claims),
      });
      return htmlHeaders(reply).type('text/html; charset=utf-8').send(html);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  app.post('/simulator/checkout', { preHandler: simulatorOnly }, async (request, reply) => {
    try {
      const form = (request.body ?? {}) as Record<string, unknown>;
      if (form.action !== 'pay' && form.action !== 'cancel') throw problem(400, messages.invalidPaymentForm);
      const paying = await checkout(form.token);
      if (form.action === 'cancel') return reply.redirect(cancelUrl, 303);
      const result = await payWithSimulator(app.db, paying, config.seller);
      if (result.created) app.appMetrics.purchasesCredited.inc({ provider: 'simulator' });
      return reply.redirect(successUrl(result.balanceAfter), 303);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  app.get<{ Querystring: { token?: string } }>('/stripe/checkout', { preHandler: stripeOnly }, async (request, reply) => {
    try {
      const { pack, amounts, organization } = await checkout(request.query.token);
      const html = stripePage({
        action: STRIPE_PATH,
        token: request.query.token!,
        credits: pack.credits,
        organizationName: organization.name,
        exclTaxCents: amounts.exclTaxCents,
        vatCents: amounts.vatCents,
        inclTaxCents: amounts.inclTaxCents,
      });
      return htmlHeaders(reply).type('text/html; charset=utf-8').send(html);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  app.post('/stripe/checkout', { preHandler: stripeOnly }, async (request, reply) => {
    try {
      const form = (request.body ?? {}) as Record<string, unknown>;
      if (form.action !== 'pay' && form.action !== 'cancel') throw problem(400, messages.invalidPaymentForm);
      const { pack, amounts, organization } = await checkout(form.token);
      if (form.action === 'cancel') return reply.redirect(cancelUrl, 303);
      const opened = await openStripeCheckout(app.db, await stripe!(), { organization, pack, amounts, successUrl, cancelUrl }, request.log);
      if (!opened) throw problem(502, messages.paymentProviderUnavailable);
      app.appMetrics.checkouts.inc({ provider: 'stripe', reused: String(opened.reused) });
      request.log.info({ purchaseId: opened.purchaseId, sessionId: opened.sessionId, reused: opened.reused }, 'stripe checkout opened');
      return reply.redirect(opened.url, 303);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  // The webhook needs the exact bytes Stripe signed: a raw-body JSON parser, in this scope only.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    webhook.post('/stripe/webhook', { preHandler: stripeOnly, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        app.appMetrics.webhookEvents.inc({ outcome: 'bad_signature' });
        throw problem(400, messages.badStripeSignature);
      }
      const client = await stripe!();
      let event: StripeEvent;
      try {
        event = client.webhooks.constructEvent(request.body, signature, config.stripe.webhookSecret!, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        app.appMetrics.webhookEvents.inc({ outcome: 'bad_signature' });
        throw problem(400, messages.badStripeSignature);
      }
      // Signed, so sent by Stripe (or whoever holds the secret); still, an event without an id
      // cannot be recorded once, and text with U+0000 cannot be stored: refused, nothing stored.
      if (!isStorableEvent(event)) throw problem(400, messages.stripeEventInvalid);
      // Answered only once the transaction has committed: on any failure Stripe retries. The
      // event names a purchase of any organisation: across organisations, named.
      setScope(systemScope('stripe-webhook'));
      const outcome = await handleStripeEvent(app.db, event, config.seller, request.log);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event handled');
      app.appMetrics.webhookEvents.inc({ outcome });
      if (outcome === 'credited') app.appMetrics.purchasesCredited.inc({ provider: 'stripe' });
      return { received: true };
    });
  });
};

export default paymentRoutes;
