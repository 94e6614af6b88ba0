// Credit packs: prices are stored in cents excluding VAT; the wire and Stripe use the price
// including VAT (20 %), computed here only.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { creditPackages } from '../db/schema.js';
import { isUuid } from '../http/ids.js';

export const VAT_RATE_BASIS_POINTS = 2000;

export interface PackAmounts {
  exclTaxCents: number;
  vatCents: number;
  inclTaxCents: number;
}

/** HT, TVA (rounded to the cent) and TTC of a price excluding VAT. */
export function amountsFromExclTax(exclTaxCents: number, vatBasisPoints = VAT_RATE_BASIS_POINTS): PackAmounts {
  const vatCents = Math.round((exclTaxCents * vatBasisPoints) / 10_000);
  return { exclTaxCents, vatCents, inclTaxCents: exclTaxCents + vatCents };
}

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

