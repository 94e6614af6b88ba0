// Health (outside /api/v1), public and cheap:
// - GET /api/health/live: the process answers (no database): a supervisor restarts it otherwise.
// - GET /api/health/ready: the database answers AND holds every migration this build ships, so a
//   load balancer sends traffic only to a usable API (503 with a French detail otherwise).
// - GET /api/health: the same as ready, as it has always been documented (CONTRACT §3).
// While the server closes (SIGTERM), Fastify answers 503 to any request on a kept-alive connection.
import { messages } from '@terres/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { problem } from '../../http/problem.js';
import { readiness } from '../../services/health.js';

const okSchema = {
  response: {
    200: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', const: 'ok' } },
      additionalProperties: false,
    },
  },
} as const;

const healthRoutes: FastifyPluginAsync = async (app) => {
  const ready = async (request: FastifyRequest) => {
    const state = await readiness({ database: app.database, db: app.db, log: request.log });
    if (state === 'unreachable') throw problem(503, messages.databaseUnreachable);
    if (state === 'not-migrated') throw problem(503, messages.databaseNotMigrated);
    return { status: 'ok' as const };
  };

  app.get('/health', { schema: okSchema }, ready);
  app.get('/health/ready', { schema: okSchema }, ready);
  app.get('/health/live', { schema: okSchema }, async () => ({ status: 'ok' as const }));
};

export default healthRoutes;
