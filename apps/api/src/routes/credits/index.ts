// GET /credits/packages (spec §7, CONTRACT §9): the packs on sale, each with a `link` personal
// to the caller's organisation (signed, expiring, one-off nonce) that opens the provider's pay
// page: the API's simulator page, or the API's redirect to a Stripe Checkout Session. Listing
// the packs never calls Stripe.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { signCheckoutToken } from '../../payments/checkout-token.js';
import { amountsFromExclTax, listActivePacks } from '../../services/packages.js';

/** The API's own origin as the browser reached it (links point back to this server). */
export function apiOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const creditRoutes: FastifyPluginAsync = async (app) => {
  app.get('/packages', { preHandler: [app.authenticate, requireRole('OWNER')] }, async (request) => {
    const organizationId = organizationOf(request);
    const path = app.config.paymentProvider === 'stripe' ? '/api/v1/payments/stripe/checkout' : '/api/v1/payments/simulator/checkout';
    const packs = await listActivePacks(app.db);
    return packs.map((pack) => {
      const token = signCheckoutToken(app.config.authSecret, { packageId: pack.id, organizationId });
      return {
        id: pack.id,
        credits: pack.credits,
        price: amountsFromExclTax(pack.priceCents).inclTaxCents / 100,
        recommended: pack.recommended,
        link: `${apiOrigin(request)}${path}?token=${encodeURIComponent(token)}`,
      };
    });
  });
};

export default creditRoutes;
