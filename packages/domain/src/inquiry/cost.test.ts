import { describe, expect, it } from 'vitest';
import { inquiryCost, isInquiryType, listingCharge } from './cost';

describe('inquiryCost', () => {
  it.each([
    [0.01, 50, 10],
    [5, 50, 10],
    [5.01, 80, 16],
    [10, 80, 16],
    [10.01, 110, 22],
    [12.5, 110, 22],
    [15, 110, 22],
    [15.01, 140, 28],
    [1000, 50 + 30 * 199, 10 + 6 * 199],
  ])('%s ha costs CUT %s, FILL %s', (surface, cut, fill) => {
    expect(inquiryCost('CUT', surface)).toBe(cut);
    expect(inquiryCost('FILL', surface)).toBe(fill);
  });

  it('is not fooled by floating point (0.1 * 3 * 33.333333333333336 is 10.000000000000002)', () => {
    const noisyTen = 0.1 * 3 * 33.333333333333336;
    expect(noisyTen).toBeGreaterThan(10);
    expect(inquiryCost('CUT', noisyTen)).toBe(80);
    expect(inquiryCost('FILL', noisyTen)).toBe(16);
    expect(inquiryCost('CUT', 5.000001)).toBe(80);
  });

  it('has no cost for a surface that is not above 0, or an unknown type', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) {
      expect(inquiryCost('CUT', bad)).toBeNull();
      expect(inquiryCost('FILL', bad)).toBeNull();
    }
    expect(inquiryCost('OTHER', 3)).toBeNull();
  });
});

describe('listingCharge', () => {
  it('is the formula once the surface is known', () => {
    expect(listingCharge('CUT', 5.01)).toBe(80);
    expect(listingCharge('FILL', 12)).toBe(22);
  });

  it('is the base price while the surface is unknown, 0 for no listing type', () => {
    expect(listingCharge('CUT', null)).toBe(50);
    expect(listingCharge('FILL', 0)).toBe(10);
    expect(listingCharge('OTHER', 3)).toBe(0);
  });
});

describe('isInquiryType', () => {
  it('accepts CUT and FILL only', () => {
    expect(isInquiryType('CUT')).toBe(true);
    expect(isInquiryType('FILL')).toBe(true);
    expect(isInquiryType('cut')).toBe(false);
    expect(isInquiryType(undefined)).toBe(false);
  });
});
