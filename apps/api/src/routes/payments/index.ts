// Payments (CONTRACT §9). Browser navigation from a pack's `link`:
// - simulator (PAYMENT_PROVIDER=simulator): GET shows a French pay page, POST 'Payer' fulfils
//   the purchase keyed by the link's nonce (a link pays once) and returns the browser to the
//   portal; 'Annuler' changes nothing and returns it to the buy page. The token in the form is
//   the capability (no cookie is involved), so a cross-site post gains nothing.
// - stripe: GET opens a Checkout Session and redirects there; the webhook (raw body, signature
//   checked) credits. Only the configured provider's routes answer; the other's are 404, so a
//   Stripe deployment can never be credited through the simulator.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { purchases } from '../../db/schema.js';
import { HttpProblem, problem } from '../../http/problem.js';
import { INVALID_LINK_DETAIL, verifyCheckoutToken, type CheckoutClaims } from '../../payments/checkout-token.js';
import { errorPage, pageCsp, simulatorPage } from '../../payments/pages.js';
import { createCheckoutSession, createStripeClient, WEBHOOK_TOLERANCE_SECONDS, type StripeEvent } from '../../payments/stripe.js';
import { handleStripeEvent } from '../../payments/stripe-webhook.js';
import { findOrganization, type OrganizationRow } from '../../services/organizations.js';
import { amountsFromExclTax, findActivePack, type CreditPackRow, type PackAmounts } from '../../services/packages.js';
import { fulfilPurchase, insertPurchase, lockOrganization, lockPurchaseBySession } from '../../services/purchases.js';

export const ARCHIVED_ORGANIZATION_PAYMENT_DETAIL = 'Cette organisation est archivée : l’achat de crédits est impossible.';
export const INVALID_FORM_DETAIL = 'Le formulaire de paiement est invalide.';
export const BAD_SIGNATURE_DETAIL = 'Signature Stripe invalide.';
export const PROVIDER_UNAVAILABLE_DETAIL = 'Le service de paiement est momentanément indisponible. Veuillez réessayer.';

const SIMULATOR_PATH = '/api/v1/payments/simulator/checkout';

interface Checkout {
  claims: CheckoutClaims;
  pack: CreditPackRow;
  amounts: PackAmounts;
  organization: OrganizationRow;
}

const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const portal = config.advertiserPortalUrl;
  const buyUrl = `${portal}/credits/buy`;
  const cancelUrl = `${portal}/credits/buy?cancelled=true`;
  const successUrl = (count: number) => `${portal}/credits/success?expected_credit_count=${count}`;
  const stripe = config.paymentProvider === 'stripe' ? createStripeClient(config) : null;
  if (config.isProduction && config.paymentProvider === 'simulator') {
    app.log.warn('PAYMENT_PROVIDER=simulator in production: anyone with a pack link can add credits without paying');
  }

  // HTML forms post urlencoded bodies; Fastify parses only JSON by default.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const htmlHeaders = (reply: FastifyReply) =>
    reply
      .header('content-security-policy', pageCsp(portal))
      .header('cache-control', 'no-store')
      // The token is in the page's URL: never send it to another site.
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff');

  /** A browser gets the French error page; an API client the problem document. */
  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof HttpProblem) || !(request.headers.accept ?? '').includes('text/html')) throw error;
    return htmlHeaders(reply).code(error.status).type('text/html; charset=utf-8').send(errorPage(error.detail, buyUrl));
  };

  /** The link's pack and organisation, or a 400 problem (forged, expired, pack withdrawn, archived). */
  async function checkout(token: unknown): Promise<Checkout> {
    const claims = verifyCheckoutToken(config.authSecret, token);
    const pack = await findActivePack(app.db, claims.packageId);
    const organization = await findOrganization(app.db, claims.organizationId);
    if (!pack || !organization) throw problem(400, INVALID_LINK_DETAIL);
    if (organization.archivedAt) throw problem(400, ARCHIVED_ORGANIZATION_PAYMENT_DETAIL);
    return { claims, pack, amounts: amountsFromExclTax(pack.priceCents), organization };
  }

  const simulatorOnly = async () => {
    if (config.paymentProvider !== 'simulator') throw problem(404);
  };
  const stripeOnly = async () => {
    if (!stripe) throw problem(404);
  };

  app.get<{ Querystring: { token?: string } }>('/simulator/checkout', { preHandler: simulatorOnly }, async (request, reply) => {
    try {
      const { claims, pack, amounts, organization } = await checkout(request.query.token);
      const [paid] = await app.db
        .select({ id: purchases.id })
        .from(purchases)
        .where(and(eq(purchases.provider, 'SIMULATOR'), eq(purchases.providerSessionId, claims.nonce), eq(purchases.status, 'PAID')));
      const html = simulatorPage({
        action: SIMULATOR_PATH,
        token: request.query.token!,
        credits: pack.credits,
        organizationName: organization.name,
        exclTaxCents: amounts.exclTaxCents,
        vatCents: amounts.vatCents,
        inclTaxCents: amounts.inclTaxCents,
        alreadyPaid: paid !== undefined,
      });
      return htmlHeaders(reply).type('text/html; charset=utf-8').send(html);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  app.post('/simulator/checkout', { preHandler: simulatorOnly }, async (request, reply) => {
    try {
      const form = (request.body ?? {}) as Record<string, unknown>;
      if (form.action !== 'pay' && form.action !== 'cancel') throw problem(400, INVALID_FORM_DETAIL);
      const { claims, pack, amounts } = await checkout(form.token);
      if (form.action === 'cancel') return reply.redirect(cancelUrl, 303);

      const result = await app.db.transaction(async (tx) => {
        await lockOrganization(tx, claims.organizationId);
        const purchase = await lockPurchaseBySession(tx, {
          organizationId: claims.organizationId,
          packageId: pack.id,
          credits: pack.credits,
          amountCents: amounts.inclTaxCents,
          provider: 'SIMULATOR',
          providerSessionId: claims.nonce,
        });
        return fulfilPurchase(tx, { purchaseId: purchase.id, seller: config.seller });
      });
      if (result.status !== 'paid') throw problem(400, ARCHIVED_ORGANIZATION_PAYMENT_DETAIL);
      return reply.redirect(successUrl(result.balanceAfter), 303);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  app.get<{ Querystring: { token?: string } }>('/stripe/checkout', { preHandler: stripeOnly }, async (request, reply) => {
    try {
      const { pack, amounts, organization } = await checkout(request.query.token);
      const purchase = await app.db.transaction((tx) =>
        insertPurchase(tx, {
          organizationId: organization.id,
          packageId: pack.id,
          credits: pack.credits,
          amountCents: amounts.inclTaxCents,
          provider: 'STRIPE',
        }),
      );
      let session;
      try {
        session = await createCheckoutSession(stripe!, {
          organizationId: organization.id,
          packageId: pack.id,
          purchaseId: purchase.id,
          credits: pack.credits,
          inclTaxCents: amounts.inclTaxCents,
          // What the success page waits for; the page never trusts it, it polls the balance.
          successUrl: successUrl(organization.creditBalance + pack.credits),
          cancelUrl,
        });
      } catch (error) {
        request.log.error({ err: error }, 'stripe checkout session creation failed');
        session = null;
      }
      if (!session?.url) {
        // No session, so no payment can ever reach this purchase.
        await app.db.update(purchases).set({ status: 'CANCELLED' }).where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'PENDING')));
        throw problem(502, PROVIDER_UNAVAILABLE_DETAIL);
      }
      // The webhook may already have attached the session (it also finds the purchase by metadata).
      await app.db
        .update(purchases)
        .set({ providerSessionId: session.id })
        .where(and(eq(purchases.id, purchase.id), isNull(purchases.providerSessionId)));
      return reply.redirect(session.url, 303);
    } catch (error) {
      return fail(request, reply, error);
    }
  });

  // The webhook needs the exact bytes Stripe signed: a raw-body JSON parser, in this scope only.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
      done(null, body);
    });

    webhook.post('/stripe/webhook', { preHandler: stripeOnly }, async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw problem(400, BAD_SIGNATURE_DETAIL);
      let event: StripeEvent;
      try {
        event = stripe!.webhooks.constructEvent(request.body, signature, config.stripe.webhookSecret!, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw problem(400, BAD_SIGNATURE_DETAIL);
      }
      // Answered only once the transaction has committed: on any failure Stripe retries.
      const outcome = await handleStripeEvent(app.db, event, config.seller, request.log);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event handled');
      return { received: true };
    });
  });
};

export default paymentRoutes;
