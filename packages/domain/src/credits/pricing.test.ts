import { describe, expect, it } from 'vitest';
import { amountsFromExclTax, listingCostGrid, pricePerCredit, VAT_RATE_PERCENT } from './pricing';

describe('credit pricing', () => {
  it('splits a pack price into HT, TVA at 20 % and TTC, in whole cents', () => {
    expect(VAT_RATE_PERCENT).toBe(20);
    expect(amountsFromExclTax(90_000)).toEqual({ exclTaxCents: 90_000, vatCents: 18_000, inclTaxCents: 108_000 });
    expect(amountsFromExclTax(999)).toEqual({ exclTaxCents: 999, vatCents: 200, inclTaxCents: 1199 });
  });

  it('gives the price of one credit excluding VAT, to the cent', () => {
    expect(pricePerCredit(900, 100)).toBe(9);
    expect(pricePerCredit(7000, 1000)).toBe(7);
    expect(pricePerCredit(100, 3)).toBe(33.33);
    expect(pricePerCredit(100, 0)).toBe(0);
  });

  it('lists what a listing costs by surface, with the rule the wizard charges', () => {
    expect(listingCostGrid()).toEqual([
      { surfaceHa: 5, cut: 50, fill: 10 },
      { surfaceHa: 10, cut: 80, fill: 16 },
      { surfaceHa: 20, cut: 140, fill: 28 },
      { surfaceHa: 50, cut: 320, fill: 64 },
    ]);
  });
});
