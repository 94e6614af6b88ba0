import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, startApp, testConfig, type RunningApp } from '../test/helpers/app.js';
import type { Database } from './db/index.js';
import { problem } from './http/problem.js';

const PORTAL = 'http://localhost:5173';
const CONSOLE = 'http://localhost:5174';
const SECRET_MESSAGE = 'relation "secret_table" does not exist at /srv/app/db.ts:42';

// Test-only routes, registered under /api/v1 like resources will be.
function testRoutes(app: FastifyInstance): void {
  void app.register(
    async (api) => {
      api.get('/boom', async () => {
        throw new Error(SECRET_MESSAGE);
      });
      api.get('/teapot', async () => {
        throw problem(429, 'Veuillez patienter avant de demander un nouveau code.', { headers: { 'retry-after': '42' } });
      });
      api.post(
        '/things',
        {
          schema: {
            body: {
              type: 'object',
              required: ['email', 'project_name'],
              properties: { email: { type: 'string', format: 'email' }, project_name: { type: 'string', minLength: 1 } },
            },
          },
        },
        async (request) => {
          const body = request.body as { email: string; project_name: string };
          return { projectName: body.project_name };
        },
      );
      api.post('/checked', async (request) => {
        v.parse(v.object({ siret: v.pipe(v.string(), v.regex(/^\d{14}$/, 'Le SIRET doit contenir 14 chiffres.')) }), request.body);
        return { ok: true };
      });
    },
    { prefix: '/api/v1/test' },
  );
}

describe('API over HTTP, on PostgreSQL', () => {
  let database: Database;
  let running: RunningApp;

  beforeAll(async () => {
    database = await openPostgres(inject('databaseUrl'));
    running = await startApp({
      config: testConfig({ ADVERTISER_PORTAL_URL: PORTAL, ADMIN_CONSOLE_URL: CONSOLE }),
      database,
      configure: testRoutes,
    });
  });

  afterAll(async () => {
    await running?.close();
    await database?.close();
  });

  it('answers GET /api/health with 200 {"status":"ok"} once migrated', async () => {
    expect(database.kind).toBe('postgres');
    const response = await fetch(`${running.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('treats a trailing slash as optional', async () => {
    const withSlash = await fetch(`${running.url}/api/health/`);
    expect(withSlash.status).toBe(200);
    expect(await withSlash.json()).toEqual({ status: 'ok' });

    for (const path of ['/api/v1/test/things', '/api/v1/test/things/']) {
      const response = await fetch(`${running.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.fr', project_name: 'Chantier' }),
      });
      expect(response.status, path).toBe(200);
      expect(await response.json()).toEqual({ projectName: 'Chantier' });
    }
  });

  it('answers an unknown route with a French 404 problem document', async () => {
    const response = await fetch(`${running.url}/api/v1/nothing-here?x=1`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await response.json()).toEqual({
      type: 'urn:bourse-terres:problem:not-found',
      title: 'Not Found',
      status: 404,
      detail: 'Ressource introuvable.',
      instance: '/api/v1/nothing-here',
    });
  });

  it('never leaks the message of an unexpected error', async () => {
    const response = await fetch(`${running.url}/api/v1/test/boom`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const text = await response.text();
    expect(text).not.toContain('secret_table');
    expect(text).not.toContain('db.ts');
    expect(JSON.parse(text)).toMatchObject({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Une erreur interne est survenue.',
    });
  });

  it('sends a thrown problem as is, with its headers', async () => {
    const response = await fetch(`${running.url}/api/v1/test/teapot`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(await response.json()).toMatchObject({ status: 429, title: 'Too Many Requests', detail: 'Veuillez patienter avant de demander un nouveau code.' });
  });

  it('rewords schema validation errors in French (400)', async () => {
    const response = await fetch(`${running.url}/api/v1/test/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pas-une-adresse', project_name: 'Chantier' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await response.json()).toMatchObject({
      status: 400,
      title: 'Bad Request',
      detail: 'Le champ « email » doit être une adresse e-mail valide.',
      errors: { email: 'Le champ « email » doit être une adresse e-mail valide.' },
    });

    const missing = await fetch(`${running.url}/api/v1/test/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.fr' }),
    });
    expect(await missing.json()).toMatchObject({ status: 400, detail: 'Le champ « project_name » est obligatoire.' });

    const broken = await fetch(`${running.url}/api/v1/test/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ status: 400, detail: "Le contenu de la requête n'est pas un JSON valide." });
  });

  it('answers a valibot rejection with 422 and the rule message', async () => {
    const response = await fetch(`${running.url}/api/v1/test/checked`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siret: '123' }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      status: 422,
      detail: 'Le SIRET doit contenir 14 chiffres.',
      errors: { siret: 'Le SIRET doit contenir 14 chiffres.' },
    });
  });

  it('allows CORS from the two portals only, on localhost and 127.0.0.1 alike (CONTRACT §11)', async () => {
    for (const origin of [PORTAL, CONSOLE, 'http://127.0.0.1:5173', 'http://127.0.0.1:5174']) {
      const response = await fetch(`${running.url}/api/health`, { headers: { origin } });
      expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin);
      // The sign-in calls carry the device cookie (credentials: 'include'): allowed, for exact origins.
      expect(response.headers.get('access-control-allow-credentials'), origin).toBe('true');
      // The portals read list totals, download names and rate-limit waits.
      const exposed = response.headers.get('access-control-expose-headers')?.toLowerCase().split(/\s*,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['x-total-count', 'x-total-count-capped', 'content-disposition', 'retry-after']));
    }
    const preflight = await fetch(`${running.url}/api/v1/test/things`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5174');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));

    for (const stranger of ['https://evil.example', 'http://127.0.0.1:9999', 'http://localhost:5175', 'https://localhost:5173']) {
      const response = await fetch(`${running.url}/api/health`, { headers: { origin: stranger } });
      expect(response.headers.get('access-control-allow-origin'), stranger).toBeNull();
    }
  });
});

describe('API whose database is unreachable', () => {
  let running: RunningApp;

  beforeAll(async () => {
    // Nothing listens on port 1: every query fails, and the driver's message must stay inside.
    running = await startApp({ config: testConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' }) });
  });

  afterAll(async () => {
    await running?.close();
  });

  it('answers /api/health with a 503 problem that names no internals', async () => {
    const response = await fetch(`${running.url}/api/health`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    const text = await response.text();
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(JSON.parse(text)).toMatchObject({ status: 503, title: 'Service Unavailable', detail: 'La base de données est injoignable.' });
  });
});
