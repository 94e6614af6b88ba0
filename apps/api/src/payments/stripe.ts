// Stripe through its official package. STRIPE_API_URL points the client at another endpoint
// (stripe-mock, or the tests' loopback fake) through the package's own host/port/protocol
// options; unset, the package talks to Stripe.
import type Stripe from 'stripe';
import type { Config } from '../env.js';

/** Stripe's own replay window for signed webhooks, as CONTRACT §9 asks (5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeClient = Stripe;
export type CheckoutSession = Stripe.Checkout.Session;
export type StripeEvent = Stripe.Event;

/**
 * The Stripe client, made at its first use: the stripe package (large) is loaded then, not at
 * start-up (issue 13). A missing secret key still fails at start-up.
 */
export function lazyStripeClient(config: Config): () => Promise<Stripe> {
  if (!config.stripe.secretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  let client: Promise<Stripe> | undefined;
  return () => (client ??= createStripeClient(config));
}

async function createStripeClient(config: Config): Promise<Stripe> {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const { default: StripeClass } = await import('stripe');
  const options: ConstructorParameters<typeof StripeClass>[1] = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (apiUrl) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.host = url.hostname;
    options.protocol = protocol;
    options.port = url.port || (protocol === 'http' ? '80' : '443');
  }
  return new StripeClass(secretKey, options);
}

export interface CheckoutRequest {
  organizationId: string;
  packageId: string;
  purchaseId: string;
  credits: number;
  inclTaxCents: number;
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds (Stripe accepts 30 minutes to 24 hours ahead); fixed per purchase, so a retry sends the same request. */
  expiresAt: number;
}

/** A Checkout Session for one pack: the metadata are the server's, no browser can change them. */
export function createCheckoutSession(stripe: Stripe, request: CheckoutRequest): Promise<CheckoutSession> {
  const metadata = {
    credits: String(request.credits),
    package_id: request.packageId,
    purchase_id: request.purchaseId,
  };
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      currency: 'eur',
      locale: 'fr',
      client_reference_id: request.organizationId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: request.inclTaxCents,
            product_data: { name: `Pack de ${request.credits} crédits Bourse aux terres` },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: request.expiresAt,
    },
    // One session per purchase, even if the client retries the call or two clicks race.
    { idempotencyKey: `checkout:${request.purchaseId}` },
  );
}
