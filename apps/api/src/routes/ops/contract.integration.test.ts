// The contract served (GET /api/openapi.json, /api/docs) and the health probes, over HTTP.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { openPostgres, startApp, testConfig, type RunningApp } from '../../../test/helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.js';
import { expectResponseMatches } from '../../../test/helpers/openapi.js';
import type { Database } from '../../db/index.js';

const yamlPath = fileURLToPath(new URL('../../../../../openapi/openapi.yaml', import.meta.url));

describe('the contract, served', () => {
  let database: Database;
  let running: RunningApp;

  beforeAll(async () => {
    database = await openPostgres(inject('databaseUrl'));
    running = await startApp({ config: testConfig(), database });
  });

  afterAll(async () => {
    await running?.close();
    await database?.close();
  });

  it('GET /api/openapi.json is openapi/openapi.yaml, parsed', async () => {
    const response = await fetch(`${running.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const served = (await response.json()) as Record<string, unknown>;
    expect(served).toEqual(parse(readFileSync(yamlPath, 'utf8')));
    expect(served).toMatchObject({ openapi: '3.1.0', paths: { '/openapi.json': { get: { operationId: 'getOpenApiDocument' } } } });
  });

  it('/api/docs answers an HTML page whose every asset is served here, under a strict CSP', async () => {
    for (const path of ['/api/docs', '/api/docs/']) {
      const response = await fetch(`${running.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toMatch(/https?:|'unsafe-eval'/);
      const html = await response.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/); // no inline script
      const references = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(references.length).toBeGreaterThanOrEqual(5);
      for (const reference of references) {
        const url = new URL(reference, `${running.url}${path}`);
        expect(url.origin, reference).toBe(running.url);
        const asset = await fetch(url);
        expect(asset.status, reference).toBe(200);
        await asset.arrayBuffer();
      }
      expect(html).toMatch(/swagger-initializer\.js/);
    }
    // The page loads the document from ./json: the same document.
    const json = await fetch(`${running.url}/api/docs/json`);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual(parse(readFileSync(yamlPath, 'utf8')));
    // Its script reads the document from there, and calls no outside validator.
    const initializer = await (await fetch(`${running.url}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain("url: resolveUrl('./json')");
    expect(initializer).toContain('validatorUrl: null');
  });

  it('GET /api/health/live and /api/health/ready answer 200 {"status":"ok"}', async () => {
    for (const path of ['/health/live', '/health/ready', '/health']) {
      const response = await fetch(`${running.url}/api${path}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toEqual({ status: 'ok' });
      expectResponseMatches('GET', path, 200, body);
    }
  });
});

describe('health probes when the database is not usable', () => {
  let unreachable: RunningApp;
  let empty: TestDatabase;
  let emptyDatabase: Database;
  let unmigrated: RunningApp;

  beforeAll(async () => {
    // Nothing listens on port 1.
    unreachable = await startApp({ config: testConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' }) });
    // A database that exists but holds no migration.
    empty = await createTestDatabase();
    unmigrated = await startApp({ config: testConfig({ DATABASE_URL: empty.url }) });
    emptyDatabase = unmigrated.app.database;
  });

  afterAll(async () => {
    await unreachable?.close();
    await unmigrated?.close();
    await empty?.drop();
  });

  it('ready answers 503 with a French detail; live still answers 200', async () => {
    const down = await fetch(`${unreachable.url}/api/health/ready`);
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const downBody = await down.json();
    expect(downBody).toMatchObject({ status: 503, detail: 'La base de données est injoignable.' });
    expectResponseMatches('GET', '/health/ready', 503, downBody);

    const pending = await fetch(`${unmigrated.url}/api/health/ready`);
    expect(pending.status).toBe(503);
    expect(await pending.json()).toMatchObject({
      status: 503,
      detail: "La base de données n'est pas encore à jour (migrations en attente).",
    });

    for (const running of [unreachable, unmigrated]) {
      const live = await fetch(`${running.url}/api/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
    }

    // Once migrated, the same process is ready.
    await emptyDatabase.migrate();
    expect((await fetch(`${unmigrated.url}/api/health/ready`)).status).toBe(200);
  });
});
