import { COST_BASE_SURFACE_HA, COST_TABLE, inquiryCost } from '../inquiry/cost';

// What credits cost and what a listing costs in credits (review D7, issue 21): one rule for the
// API (the packs' prices on the wire, Stripe's amounts, the invoices) and the portal (the packs'
// cards, the cost grid beside them, the help).

/** French VAT on the packs: 20 %, in basis points so that every amount stays in whole cents. */
export const VAT_RATE_BASIS_POINTS = 2000;
/** The same rate as people read it: 20 (%). */
export const VAT_RATE_PERCENT = VAT_RATE_BASIS_POINTS / 100;

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

/** A pack's price of one credit, excluding VAT, in euros (900 € HT for 100 credits: 9). */
export function pricePerCredit(priceExcludingTax: number, credits: number): number {
  if (!(credits > 0) || !Number.isFinite(priceExcludingTax)) return 0;
  return Math.round((priceExcludingTax / credits) * 100) / 100;
}

export interface ListingCostRow {
  /** The listing's surface in hectares. */
  surfaceHa: number;
  /** Credits for a déblai (CUT) and a remblai (FILL) of that surface. */
  cut: number;
  fill: number;
}

/**
 * The cost grid shown beside the packs and in the help: what a listing of each surface costs
 * (spec §9: 50 credits up to 5 ha then 30 per started 5 ha for a déblai; 10 then 6 for a
 * remblai), computed by `inquiryCost`, the rule the wizard and the API charge with.
 */
export function listingCostGrid(surfacesHa: readonly number[] = [COST_BASE_SURFACE_HA, 10, 20, 50]): ListingCostRow[] {
  return surfacesHa.map((surfaceHa) => ({
    surfaceHa,
    cut: inquiryCost('CUT', surfaceHa) ?? COST_TABLE.CUT.base,
    fill: inquiryCost('FILL', surfaceHa) ?? COST_TABLE.FILL.base,
  }));
}
