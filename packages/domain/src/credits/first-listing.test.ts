import { describe, expect, it } from 'vitest';
import { canCreateInquiry } from './first-listing';

describe('canCreateInquiry (spec §2: the first listing needs a balance above 0)', () => {
  it('refuses the first listing without credits', () => {
    expect(canCreateInquiry(0, 0)).toBe(false);
    expect(canCreateInquiry(0, -5)).toBe(false);
    // A balance the header would show as 0 counts as 0.
    expect(canCreateInquiry(0, null)).toBe(false);
    expect(canCreateInquiry(0, '12')).toBe(false);
  });

  it('allows the first listing with any positive balance', () => {
    expect(canCreateInquiry(0, 1)).toBe(true);
    expect(canCreateInquiry(0, 0.5)).toBe(true);
  });

  it('allows later listings whatever the balance (submission checks the cost)', () => {
    expect(canCreateInquiry(1, 0)).toBe(true);
    expect(canCreateInquiry(8, 0)).toBe(true);
  });
});
