// Readers for the admin tables' URL search (`?q=lyon&page=2&size=10`), validated with valibot in
// each table's route: anything unreadable counts as absent and defaults are left out of the URL,
// so a hand-edited or old link never breaks a page.
import { DEFAULT_PAGE_SIZE, isSearchActive, PAGE_SIZES, TABLE_SEARCH_MAX_LENGTH } from '@terres/domain';
import * as v from 'valibot';

/** An optional search parameter read by `read` (undefined when it cannot be read). */
export const lenient = <T>(read: (value: unknown) => T | undefined) => v.optional(v.pipe(v.unknown(), v.transform(read)));

/** The search in effect: 2 characters or more, trimmed, at most the API's maximum. The router reads `?q=2027` as a number. */
export function readQuery(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim().slice(0, TABLE_SEARCH_MAX_LENGTH);
  return isSearchActive(text) ? text : undefined;
}

/** A page after the first (page 1 is the default). */
export function readPage(value: unknown): number | undefined {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 1 ? n : undefined;
}

/** One of the tables' page sizes other than the default 5. */
export function readPageSize(value: unknown): number | undefined {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) && n !== DEFAULT_PAGE_SIZE ? n : undefined;
}

/** One of `values` other than `fallback` (the default, left out of the URL). */
export function readOneOf<T extends string>(values: readonly T[], fallback?: T) {
  return (value: unknown): T | undefined =>
    (values as readonly unknown[]).includes(value) && value !== fallback ? (value as T) : undefined;
}
