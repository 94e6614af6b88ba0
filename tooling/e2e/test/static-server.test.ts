import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../src/stack/static-server';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('static server', () => {
  it('serves the build, index.html for page paths, 404 for a missing asset', async () => {
    const root = await mkdtemp(join(tmpdir(), 'static-test-'));
    dirs.push(root);
    await mkdir(join(root, 'assets'));
    await writeFile(join(root, 'index.html'), '<!doctype html><html lang="fr"><title>App</title></html>');
    await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log(1)');

    const server = await startStaticServer({ notServedMessage: 'pas encore construit' });
    try {
      const early = await fetch(`${server.url}/login`);
      expect(early.status).toBe(503);
      expect(await early.text()).toBe('pas encore construit');

      server.setRoot(root);
      for (const path of ['/', '/login', '/user/inquiry/details/1f0c/overview?x=1']) {
        const page = await fetch(`${server.url}${path}`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await page.text()).toContain('lang="fr"');
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
});
