import { messages } from '@terres/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import problemsPlugin from '../plugins/app/problems.js';
import type { AuthContext, Role } from './context.js';
import { organizationOf, requireRole } from './guards.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(problemsPlugin);
  app.decorateRequest('auth', null as never);
  // Stands in for app.authenticate: the caller is described by two headers.
  app.addHook('onRequest', async (request) => {
    const organizationId = request.headers['x-org'];
    const auth: AuthContext = {
      userId: 'u1',
      email: 'camille@exemple.fr',
      role: request.headers['x-role'] as Role,
      organizationId: typeof organizationId === 'string' ? organizationId : null,
      sessionId: 's1',
    };
    request.auth = auth;
  });
  app.get('/owners', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async () => ({ ok: true }));
  app.get('/members', async (request) => ({ organizationId: organizationOf(request) }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('requireRole', () => {
  it('lets the listed roles through and answers 403 to the others', async () => {
    expect((await app.inject({ url: '/owners', headers: { 'x-role': 'EMPLOYEE' } })).statusCode).toBe(200);
    const admin = await app.inject({ url: '/owners', headers: { 'x-role': 'ADMIN' } });
    expect(admin.statusCode).toBe(403);
    expect(admin.headers['content-type']).toContain('application/problem+json');
    expect(admin.json().detail).toBe(messages.forbidden);
  });
});

describe('organizationOf', () => {
  it('answers 403 to a caller without organisation and passes the id otherwise', async () => {
    const none = await app.inject({ url: '/members', headers: { 'x-role': 'OWNER' } });
    expect(none.statusCode).toBe(403);
    expect(none.json().detail).toBe(messages.noOrganization);
    const member = await app.inject({ url: '/members', headers: { 'x-role': 'OWNER', 'x-org': 'o1' } });
    expect(member.json()).toEqual({ organizationId: 'o1' });
  });
});
