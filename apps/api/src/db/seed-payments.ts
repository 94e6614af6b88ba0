// Demo payments (`DEMO_DATA=1`): the demo organisation bought the recommended pack a week ago
// through the simulator, so the portal's Factures page and the admin have an invoice to show.
// Runs inside loadDemoData's transaction, through the same fulfilment code as real payments.
import { and, desc, eq } from 'drizzle-orm';
import type { Seller } from '../services/invoices.js';
import { amountsFromExclTax } from '../services/packages.js';
import { fulfilPurchase, insertPurchase, lockOrganization } from '../services/purchases.js';
import type { Tx } from './index.js';
import { creditPackages } from './schema.js';

/** The seller of the demo invoices: the defaults of SELLER_* (src/env.ts). */
export const DEMO_SELLER: Seller = {
  name: 'Bourse aux terres SAS',
  address: '12 rue des Carrières, 68000 Colmar',
  siret: '12345678900017',
  vatNumber: 'FR40123456789',
};

const WEEK_MS = 7 * 24 * 3600 * 1000;

export async function seedDemoPayments(
  tx: Tx,
  identities: { organizationId: string; ownerId: string },
  seller: Seller = DEMO_SELLER,
): Promise<void> {
  const [pack] = await tx
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.active, true), eq(creditPackages.recommended, true)))
    .orderBy(desc(creditPackages.sortOrder));
  if (!pack) return;
  await lockOrganization(tx, identities.organizationId);
  const purchase = await insertPurchase(tx, {
    organizationId: identities.organizationId,
    packageId: pack.id,
    credits: pack.credits,
    amountCents: amountsFromExclTax(pack.priceCents).inclTaxCents,
    provider: 'SIMULATOR',
    providerSessionId: 'demo:first-purchase',
  });
  const result = await fulfilPurchase(tx, {
    purchaseId: purchase.id,
    seller,
    actorUserId: identities.ownerId,
    paidAt: new Date(Date.now() - WEEK_MS),
  });
  if (result.status !== 'paid') throw new Error(`demo purchase not fulfilled: ${result.status}`);
}
