// Credit packs: prices are stored in cents excluding VAT; the wire and Stripe use the price
// including VAT (20 %), computed with the domain's `amountsFromExclTax`.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { creditPackages } from '../db/schema.js';
import { isUuid } from '../http/ids.js';

// The VAT rule is the domain's (the portal shows the same HT, TVA and TTC).
export { amountsFromExclTax, VAT_RATE_BASIS_POINTS, type PackAmounts } from '@terres/domain';

export type CreditPackRow = typeof creditPackages.$inferSelect;

/** Active packs, in display order (cheapest first). */
export function listActivePacks(db: Db): Promise<CreditPackRow[]> {
  return db
    .select()
    .from(creditPackages)
    .where(eq(creditPackages.active, true))
    .orderBy(asc(creditPackages.sortOrder), asc(creditPackages.priceCents));
}

export async function findActivePack(db: Db, id: string): Promise<CreditPackRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [pack] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, id), eq(creditPackages.active, true)));
  return pack;
}

