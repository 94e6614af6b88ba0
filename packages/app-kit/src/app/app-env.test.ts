import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createAppEnv, DEFAULT_API_URL, DEFAULT_SUPPORT_EMAIL, envUrl, trimSlash } from './app-env';

const OTHER_APP = 'http://localhost:5173';
const parse = (source: Record<string, unknown>) =>
  createAppEnv(source, {
    entries: { VITE_OTHER_APP_URL: v.optional(envUrl('VITE_OTHER_APP_URL'), OTHER_APP) },
    read: (values) => ({ otherAppUrl: trimSlash(values.VITE_OTHER_APP_URL) }),
  });

describe('createAppEnv', () => {
  it("defaults every value, the app's own too; empty counts as unset", () => {
    const expected = {
      apiUrl: DEFAULT_API_URL,
      otherAppUrl: OTHER_APP,
      tileUrl: undefined,
      cadastreTileJsonUrl: undefined,
      addressSearchUrl: undefined,
      supportEmail: DEFAULT_SUPPORT_EMAIL,
    };
    expect(parse({})).toEqual(expected);
    expect(parse({ VITE_API_URL: '', VITE_TILE_URL: '', VITE_OTHER_APP_URL: '' })).toEqual(expected);
  });

  it('keeps given URLs without their trailing slash', () => {
    const env = parse({
      VITE_API_URL: 'https://api.example.test/api/v1/',
      VITE_ADDRESS_SEARCH_URL: 'http://127.0.0.1:4000/',
      VITE_TILE_URL: 'http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png',
      VITE_OTHER_APP_URL: 'https://app.example.test/',
    });
    expect(env).toMatchObject({
      apiUrl: 'https://api.example.test/api/v1',
      addressSearchUrl: 'http://127.0.0.1:4000',
      tileUrl: 'http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png',
      otherAppUrl: 'https://app.example.test',
    });
  });

  it('rejects a value that is not a URL, naming the variable', () => {
    expect(() => parse({ VITE_API_URL: 'localhost:3000' })).toThrow(/VITE_API_URL/);
    expect(() => parse({ VITE_OTHER_APP_URL: 'pas une url' })).toThrow(/VITE_OTHER_APP_URL/);
    expect(() => parse({ VITE_SUPPORT_EMAIL: 'support' })).toThrow(/VITE_SUPPORT_EMAIL/);
  });
});
