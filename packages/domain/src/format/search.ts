import { TABLE_SEARCH_MIN_LENGTH } from '../constants';

/** Lower case without accents: 'Étude' and 'etude' compare equal (spec §5, table search). */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('fr-FR')
    .trim();
}

/** Whether a query is long enough to filter a table (2 characters). */
export function isSearchActive(query: string): boolean {
  return normalizeSearchText(query).length >= TABLE_SEARCH_MIN_LENGTH;
}

/**
 * Table quick search: true when the query is too short to filter, or when one of the
 * values contains it, ignoring accents and case.
 */
export function matchesSearch(values: readonly unknown[], query: string): boolean {
  if (!isSearchActive(query)) return true;
  const needle = normalizeSearchText(query);
  return values.some(
    (value) => (typeof value === 'string' || typeof value === 'number') && normalizeSearchText(String(value)).includes(needle),
  );
}
