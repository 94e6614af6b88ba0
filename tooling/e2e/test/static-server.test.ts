import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../src/stack/static-server';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('static server', () => {
  it('serves the build, a page its own HTML file, index.html for the other page paths, 404 for a missing asset', async () => {
    const root = await mkdtemp(join(tmpdir(), 'static-test-'));
    dirs.push(root);
    await mkdir(join(root, 'assets'));
    await writeFile(join(root, 'index.html'), '<!doctype html><html lang="fr"><title>App</title></html>');
    await writeFile(join(root, 'login.html'), '<!doctype html><html lang="fr"><title>Connexion</title></html>');
    await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log(1)');

    const server = await startStaticServer({ notServedMessage: 'pas encore construit' });
    try {
      const early = await fetch(`${server.url}/login`);
      expect(early.status).toBe(503);
      expect(await early.text()).toBe('pas encore construit');

      server.setRoot(root);
      for (const path of ['/', '/register', '/user/inquiry/details/1f0c/overview?x=1']) {
        const page = await fetch(`${server.url}${path}`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await page.text()).toContain('<title>App</title>');
      }
      for (const path of ['/login', '/login?redirect=%2Fdashboard']) {
        const page = await fetch(`${server.url}${path}`);
        expect(page.headers.get('cache-control')).toBe('no-cache');
        expect(await page.text()).toContain('<title>Connexion</title>');
      }
      const script = await fetch(`${server.url}/assets/index-abc.js`);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('cache-control')).toContain('immutable');
      expect((await fetch(`${server.url}/assets/gone-123.js`)).status).toBe(404);
      // Sent raw (fetch would resolve the dots itself): nothing outside the build is served.
      const status = await new Promise<number | undefined>((resolve, reject) =>
        get(`${server.url}/..%2f..%2f..%2fetc%2fpasswd`, (res) => {
          res.resume();
          resolve(res.statusCode);
        }).on('error', reject),
      );
      expect(status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('gzips text for a browser that accepts it, as nginx does, and passes /api/ to the API once told where it is', async () => {
    const root = await mkdtemp(join(tmpdir(), 'static-test-'));
    dirs.push(root);
    await mkdir(join(root, 'assets'));
    const code = `export const x = ${JSON.stringify('terre '.repeat(500))};`;
    await writeFile(join(root, 'index.html'), '<!doctype html><html lang="fr"><title>App</title></html>');
    await writeFile(join(root, 'assets', 'index-abc.js'), code);
    const api = createServer((req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      req.on('data', () => {}).on('end', () => res.end(JSON.stringify({ method: req.method, url: req.url })));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const server = await startStaticServer({ root });
    try {
      const raw = await rawGet(`${server.url}/assets/index-abc.js`, { 'accept-encoding': 'gzip, br' });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(raw.body).toString()).toBe(code);
      const plain = await rawGet(`${server.url}/assets/index-abc.js`, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(code);

      // Before proxyApi, /api/ is a page path like any other (the SPA fallback).
      expect((await fetch(`${server.url}/api/v1/auth/refresh`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
      server.proxyApi(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
      const answer = await fetch(`${server.url}/api/v1/auth/refresh?x=1`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ method: 'POST', url: '/api/v1/auth/refresh?x=1' });
    } finally {
      await server.close();
      await new Promise((resolve) => api.close(resolve));
    }
  });
});

function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) =>
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject),
  );
}
