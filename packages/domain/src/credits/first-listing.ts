import { toCreditBalance } from './credits';

/**
 * Spec §2 (dashboard): creating the organisation's first listing requires a credit balance
 * above 0. Once it has listings, creating another is always allowed: submitting one checks
 * the balance against its cost (CONTRACT §8).
 */
export function canCreateInquiry(existingListings: number, balance: unknown): boolean {
  return existingListings > 0 || toCreditBalance(balance) > 0;
}
