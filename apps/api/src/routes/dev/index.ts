// GET /api/dev/outbox: the e-mails the API would have sent (dev outbox), newest first. Registered
// only when the outbox was asked for (DEV_OUTBOX=1, without SMTP_URL, never in production: see
// src/env.ts and src/app.ts), and answered only to a client on this machine: the outbox holds
// every sign-in code. Anyone else gets the 404 of an unknown route.
import { messages } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import { isLocalClient } from '../../http/local-client.js';
import { problem } from '../../http/problem.js';

const devRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isLocalClient(request)) throw problem(404, messages.resourceNotFound);
  });
  app.get('/outbox', async () => app.mailer.outbox ?? []);
};

export default devRoutes;
