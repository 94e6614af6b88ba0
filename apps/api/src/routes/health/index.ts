// GET /api/health (outside /api/v1): 200 only when the database answers AND holds every migration
// this build ships, so a load balancer or `pnpm start` waits for a usable API.
import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/index.js';
import { isMigrated } from '../../db/migrate.js';
import { problem } from '../../http/problem.js';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string', const: 'ok' } },
            additionalProperties: false,
          },
        },
      },
    },
    async (request) => {
      let migrated: boolean;
      try {
        await ping(app.db);
        migrated = await isMigrated(app.db);
      } catch (error) {
        request.log.warn({ err: error }, 'health: database unreachable');
        throw problem(503, 'La base de données est injoignable.');
      }
      if (!migrated) throw problem(503, "La base de données n'est pas encore à jour (migrations en attente).");
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
