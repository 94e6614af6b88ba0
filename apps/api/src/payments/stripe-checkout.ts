// The deliberate step of a Stripe purchase (POST /payments/stripe/checkout, the pay page's
// button; issue 12 item 7). Following a pack's link only shows a page: a link prefetch, a
// crawler or a refresh creates nothing. The click opens the organisation's Checkout Session for
// that pack when one is still open, or makes one (and its purchase row):
// - the find-or-insert of the purchase runs under the organisation's row lock, so two clicks
//   (two tabs, a double click) get the same purchase;
// - the session is created with the idempotency key `checkout:<purchase id>` and a fixed
//   `expires_at`, so two clicks racing on one purchase get Stripe's one session (Stripe replays
//   the first answer to a repeated key); no lock is held while Stripe is called;
// - an open purchase's session is read back from Stripe: still `open`, it is reused; `expired`,
//   its purchase is cancelled and a new one is made; `complete` (paid, the webhook on its way),
//   a new one is made too, since the buyer asked for another pack.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { purchases } from '../db/schema.js';
import type { OrganizationRow } from '../services/organizations.js';
import type { CreditPackRow, PackAmounts } from '../services/packages.js';
import { cancelPendingPurchase, findOpenStripePurchase, insertPurchase, lockOrganization } from '../services/purchases.js';
import { createCheckoutSession, type CheckoutSession, type StripeClient } from './stripe.js';

/** How long a Checkout Session stays payable (Stripe accepts 30 minutes to 24 hours). */
export const CHECKOUT_SESSION_TTL_SECONDS = 60 * 60;
/** An open session is handed out again only while the buyer still has this long to pay. */
const REUSE_MARGIN_SECONDS = 10 * 60;
/** A purchase still without a session this young belongs to a parallel click talking to Stripe. */
const IN_FLIGHT_SECONDS = 2 * 60;

export interface OpenCheckoutInput {
  organization: OrganizationRow;
  pack: CreditPackRow;
  amounts: PackAmounts;
  /** The portal's success page for this balance after the purchase. */
  successUrl: (expectedBalance: number) => string;
  cancelUrl: string;
}

export interface OpenCheckout {
  url: string;
  purchaseId: string;
  sessionId: string;
  /** An open session of an earlier click. */
  reused: boolean;
}

/** The Checkout Session to send the buyer to, or null when Stripe cannot be reached (a 502 for the caller). */
export async function openStripeCheckout(db: Db, stripe: StripeClient, input: OpenCheckoutInput, log: FastifyBaseLogger): Promise<OpenCheckout | null> {
  const { organization, pack, amounts } = input;
  const passed: string[] = [];
  // Each round either answers or sets aside one purchase that cannot be paid any more.
  for (let round = 0; round < 3; round += 1) {
    const { purchase, created, balance } = await db.transaction(async (tx) => {
      const locked = await lockOrganization(tx, organization.id);
      const open = await findOpenStripePurchase(tx, {
        organizationId: organization.id,
        packageId: pack.id,
        excluding: passed,
        sessionSeconds: CHECKOUT_SESSION_TTL_SECONDS - REUSE_MARGIN_SECONDS,
        inFlightSeconds: IN_FLIGHT_SECONDS,
      });
      const row =
        open ??
        (await insertPurchase(tx, {
          organizationId: organization.id,
          packageId: pack.id,
          credits: pack.credits,
          amountCents: amounts.inclTaxCents,
          provider: 'STRIPE',
        }));
      return { purchase: row, created: open === undefined, balance: locked?.creditBalance ?? organization.creditBalance };
    });

    if (purchase.providerSessionId) {
      let session: CheckoutSession;
      try {
        session = await stripe.checkout.sessions.retrieve(purchase.providerSessionId);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 404) {
          log.error({ err: error, purchaseId: purchase.id }, 'stripe checkout session retrieval failed');
          return null;
        }
        // Unknown to this Stripe account (the key changed): nothing can pay it any more.
        await cancelPendingPurchase(db, purchase.id);
        passed.push(purchase.id);
        continue;
      }
      if (session.status === 'open' && session.url) {
        return { url: session.url, purchaseId: purchase.id, sessionId: session.id, reused: true };
      }
      if (session.status === 'expired') await cancelPendingPurchase(db, purchase.id);
      passed.push(purchase.id);
      continue;
    }

    let session: CheckoutSession | null;
    try {
      session = await createCheckoutSession(stripe, {
        organizationId: organization.id,
        packageId: pack.id,
        purchaseId: purchase.id,
        credits: pack.credits,
        inclTaxCents: amounts.inclTaxCents,
        // What the success page waits for; the page never trusts it, it polls the balance.
        successUrl: input.successUrl(balance + pack.credits),
        cancelUrl: input.cancelUrl,
        expiresAt: Math.floor(purchase.createdAt.getTime() / 1000) + CHECKOUT_SESSION_TTL_SECONDS,
      });
    } catch (error) {
      log.error({ err: error, purchaseId: purchase.id }, 'stripe checkout session creation failed');
      session = null;
    }
    if (!session?.url) {
      // No session, so no payment can reach this purchase (unless a parallel click's made one).
      if (created) await cancelPendingPurchase(db, purchase.id, { onlyWithoutSession: true });
      return null;
    }
    // The webhook, or a parallel click, may already have attached the session.
    await db
      .update(purchases)
      .set({ providerSessionId: session.id })
      .where(and(eq(purchases.id, purchase.id), isNull(purchases.providerSessionId)));
    return { url: session.url, purchaseId: purchase.id, sessionId: session.id, reused: !created };
  }
  log.error({ organizationId: organization.id, packageId: pack.id }, 'no payable stripe checkout session after three rounds');
  return null;
}
