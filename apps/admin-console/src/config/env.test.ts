import { describe, expect, it } from 'vitest';
import { DEFAULT_ADVERTISER_PORTAL_URL, DEFAULT_API_URL, DEFAULT_SUPPORT_EMAIL, parseEnv } from './env';

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
    expect(parseEnv({ VITE_API_URL: '', VITE_TILE_URL: '' })).toEqual(expected);
  });

  it('keeps given URLs without their trailing slash', () => {
    const env = parseEnv({
      VITE_API_URL: 'https://api.example.test/api/v1/',
      VITE_ADDRESS_SEARCH_URL: 'http://127.0.0.1:4000/',
      VITE_TILE_URL: 'http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png',
    });
    expect(env).toMatchObject({
      apiUrl: 'https://api.example.test/api/v1',
      addressSearchUrl: 'http://127.0.0.1:4000',
      tileUrl: 'http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png',
    });
  });

  it('rejects a value that is not a URL, naming the variable', () => {
    expect(() => parseEnv({ VITE_API_URL: 'localhost:3000' })).toThrow(/VITE_API_URL/);
    expect(() => parseEnv({ VITE_ADVERTISER_PORTAL_URL: 'pas une url' })).toThrow(/VITE_ADVERTISER_PORTAL_URL/);
    expect(() => parseEnv({ VITE_SUPPORT_EMAIL: 'support' })).toThrow(/VITE_SUPPORT_EMAIL/);
  });
});
