// GET /credits/packages (spec §7, CONTRACT §9): the packs on sale, each with a `link` personal
// to the caller's organisation (signed, expiring, one-off nonce) that opens the provider's pay
// page: the API's simulator page, or the API's page that opens a Stripe Checkout Session on a
// deliberate click; without a provider (PAYMENT_PROVIDER unset), the API's page that says
// buying is not possible here (503). Listing the packs never calls Stripe. Links are built on API_PUBLIC_URL,
// never on the request's Host or X-Forwarded-Host: a forged header cannot send a buyer elsewhere.
import type { FastifyPluginAsync } from 'fastify';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { signCheckoutToken } from '../../payments/checkout-token.js';
import { VAT_RATE_PERCENT } from '@terres/domain';
import { amountsFromExclTax, listActivePacks } from '../../services/packages.js';

const creditRoutes: FastifyPluginAsync = async (app) => {
  app.get('/packages', { preHandler: [app.authenticate, requireRole('OWNER')] }, async (request) => {
    const organizationId = organizationOf(request);
    const path = `/api/v1/payments/${app.config.paymentProvider}/checkout`;
    const packs = await listActivePacks(app.db);
    return packs.map((pack) => {
      const token = signCheckoutToken(app.config.authSecret, { packageId: pack.id, organizationId });
      const amounts = amountsFromExclTax(pack.priceCents);
      return {
        id: pack.id,
        credits: pack.credits,
        price: amounts.inclTaxCents / 100,
        priceExcludingTax: amounts.exclTaxCents / 100,
        vatRate: VAT_RATE_PERCENT,
        recommended: pack.recommended,
        link: `${app.config.apiPublicUrl}${path}?token=${encodeURIComponent(token)}`,
      };
    });
  });
};

export default creditRoutes;
