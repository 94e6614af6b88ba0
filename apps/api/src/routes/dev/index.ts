// GET /api/dev/outbox: the e-mails the API would have sent (dev outbox), newest first. Registered
// only when the outbox was asked for (DEV_OUTBOX=1, without SMTP_URL, never in production: see
// src/env.ts and src/app.ts), and answered only to a client on this machine: the outbox holds
// every sign-in code. Anyone else gets the 404 of an unknown route.
import { messages } from '@terres/domain';
import { isIP } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { problem } from '../../http/problem.js';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/**
 * The connection comes from loopback AND no proxy forwarded it: a reverse proxy on the same
 * machine connects from 127.0.0.1 on behalf of anyone, and says so in these headers.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  if (request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

const devRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isLocalClient(request)) throw problem(404, messages.resourceNotFound);
  });
  app.get('/outbox', async () => app.mailer.outbox ?? []);
};

export default devRoutes;
