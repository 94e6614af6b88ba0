import { describe, expect, it } from 'vitest';
import { invoiceNumber, invoiceYear, splitInclTax } from './invoices.js';

describe('invoice numbering and amounts', () => {
  it('numbers FA-YYYY-NNNNNN', () => {
    expect(invoiceNumber(2026, 1)).toBe('FA-2026-000001');
    expect(invoiceNumber(2027, 123_456)).toBe('FA-2027-123456');
  });

  it('takes the year in France: New Year’s Eve 23:30 UTC is already next year in Paris', () => {
    expect(invoiceYear(new Date('2026-12-31T22:59:00Z'))).toBe(2026);
    expect(invoiceYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
  });

  it('splits a price TTC into HT and TVA 20 % that add up to it', () => {
    expect(splitInclTax(108_000)).toEqual({ exclTaxCents: 90_000, vatCents: 18_000 });
    expect(splitInclTax(288_000)).toEqual({ exclTaxCents: 240_000, vatCents: 48_000 });
    for (const ttc of [1, 99, 101, 12_345, 999_999]) {
      const { exclTaxCents, vatCents } = splitInclTax(ttc);
      expect(exclTaxCents + vatCents).toBe(ttc);
      expect(Math.abs(vatCents - exclTaxCents * 0.2)).toBeLessThanOrEqual(1);
    }
  });
});
