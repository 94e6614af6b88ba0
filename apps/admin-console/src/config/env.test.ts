import { describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults the API URL', () => {
    expect(parseEnv({})).toEqual({ apiUrl: DEFAULT_API_URL });
    expect(parseEnv({ VITE_API_URL: '' })).toEqual({ apiUrl: DEFAULT_API_URL });
  });

  it('keeps a given URL without its trailing slash', () => {
    expect(parseEnv({ VITE_API_URL: 'https://api.example.test/api/v1/' })).toEqual({
      apiUrl: 'https://api.example.test/api/v1',
    });
  });

  it('rejects a value that is not a URL', () => {
    expect(() => parseEnv({ VITE_API_URL: 'localhost:3000' })).toThrow(/VITE_API_URL/);
    expect(() => parseEnv({ VITE_API_URL: 'pas une url' })).toThrow(/VITE_API_URL/);
  });
});
