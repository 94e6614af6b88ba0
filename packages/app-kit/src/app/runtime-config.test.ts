import { describe, expect, it } from 'vitest';
import { createAppEnv } from './app-env';
import { loadRuntimeConfig, type FetchLike } from './runtime-config';

/** An answer whose body must be read (`read` counts it: an unread body keeps the request open). */
let read = 0;
const answer =
  (status: number, contentType: string, body: unknown): FetchLike =>
  async () => ({
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: async () => {
      read++;
      return typeof body === 'string' ? body : JSON.stringify(body);
    },
  });

const noOwn = { entries: {}, read: () => ({}) };

describe('loadRuntimeConfig', () => {
  it('turns config.json into VITE_* values that override the build-time ones', async () => {
    const seen: string[] = [];
    const fetch: FetchLike = async (url) => {
      seen.push(url);
      return answer(200, 'application/json; charset=utf-8', {
        API_URL: 'https://annonces.example.fr/api/v1/',
        TILE_URL: 'https://tiles.example.fr/{z}/{x}/{y}.png',
      })(url);
    };
    const runtime = await loadRuntimeConfig({ fetch });
    expect(seen).toEqual(['/config.json']);
    const env = createAppEnv({ VITE_API_URL: 'http://localhost:3000/api/v1', ...runtime }, noOwn);
    expect(env.apiUrl).toBe('https://annonces.example.fr/api/v1');
    expect(env.tileUrl).toBe('https://tiles.example.fr/{z}/{x}/{y}.png');
  });

  it('keeps the build-time values when there is no file, the server falls back to HTML, or the network fails', async () => {
    read = 0;
    expect(await loadRuntimeConfig({ fetch: answer(404, 'text/html', 'not found') })).toEqual({});
    expect(await loadRuntimeConfig({ fetch: answer(200, 'text/html', '<!doctype html>') })).toEqual({});
    expect(read, 'bodies read, so the requests end').toBe(2);
    expect(await loadRuntimeConfig({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) })).toEqual({});
  });

  it("accepts the app's own keys and refuses unknown ones, naming them", async () => {
    const body = { API_URL: 'https://a.example.fr/api/v1', ADMIN_CONSOLE_URL: 'https://admin.example.fr', APIURL: 'x' };
    await expect(loadRuntimeConfig({ fetch: answer(200, 'application/json', body), ownKeys: ['ADMIN_CONSOLE_URL'] })).rejects.toThrow(
      'contient des clés inconnues (APIURL)',
    );
    const ok = await loadRuntimeConfig({ fetch: answer(200, 'application/json', { ADMIN_CONSOLE_URL: 'https://admin.example.fr' }), ownKeys: ['ADMIN_CONSOLE_URL'] });
    expect(ok).toEqual({ VITE_ADMIN_CONSOLE_URL: 'https://admin.example.fr' });
  });

  it('refuses a file that is not a JSON object, and lets createAppEnv refuse a bad value', async () => {
    await expect(loadRuntimeConfig({ fetch: answer(200, 'application/json', '{oops') })).rejects.toThrow('n’est pas un JSON valide');
    await expect(loadRuntimeConfig({ fetch: answer(200, 'application/json', [1]) })).rejects.toThrow('doit contenir un objet JSON');
    const runtime = await loadRuntimeConfig({ fetch: answer(200, 'application/json', { API_URL: 'annonces.example.fr' }) });
    expect(() => createAppEnv(runtime, noOwn)).toThrow(/VITE_API_URL/);
  });
});
