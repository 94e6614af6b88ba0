import { describe, expect, it } from 'vitest';
import { isSearchActive, matchesSearch, normalizeSearchText } from './search';

describe('table search', () => {
  it('ignores accents and case', () => {
    expect(normalizeSearchText(' Études de Sol ')).toBe('etudes de sol');
    expect(matchesSearch(['Terres du Rhin', 'Société Générale'], 'SOCIETE')).toBe(true);
    expect(matchesSearch(['Terres du Rhin'], 'rhône')).toBe(false);
  });

  it('starts at 2 characters', () => {
    expect(isSearchActive('a')).toBe(false);
    expect(isSearchActive('ab')).toBe(true);
    expect(matchesSearch(['Terres'], 'x')).toBe(true);
    expect(matchesSearch(['Terres'], 'xy')).toBe(false);
  });

  it('matches numbers and skips empty values', () => {
    expect(matchesSearch([null, undefined, 68100], '681')).toBe(true);
  });
});
