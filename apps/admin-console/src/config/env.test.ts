import { describe, expect, it } from 'vitest';
import { DEFAULT_ADVERTISER_PORTAL_URL, DEFAULT_API_URL, DEFAULT_SUPPORT_EMAIL, parseEnv } from './env';

// The shared variables' rules are app-kit's (createAppEnv, tested there); these are the app's own.
describe('parseEnv', () => {
  it('defaults every value; empty counts as unset', () => {
    const expected = {
      apiUrl: DEFAULT_API_URL,
      advertiserPortalUrl: DEFAULT_ADVERTISER_PORTAL_URL,
      tileUrl: undefined,
      cadastreTileJsonUrl: undefined,
      addressSearchUrl: undefined,
      supportEmail: DEFAULT_SUPPORT_EMAIL,
    };
    expect(parseEnv({})).toEqual(expected);
    expect(parseEnv({ VITE_API_URL: '', VITE_ADVERTISER_PORTAL_URL: '' })).toEqual(expected);
  });

  it('keeps its own URL without a trailing slash, and rejects one that is not a URL', () => {
    expect(parseEnv({ VITE_ADVERTISER_PORTAL_URL: 'https://app.example.test/' }).advertiserPortalUrl).toBe('https://app.example.test');
    expect(() => parseEnv({ VITE_ADVERTISER_PORTAL_URL: 'pas une url' })).toThrow(/VITE_ADVERTISER_PORTAL_URL/);
  });
});
