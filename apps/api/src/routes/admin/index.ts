// The admins' own endpoints: GET /admin/queues, the counters of the console's sidebar (issue 21).
// The counts live in src/services/admin-queues.ts.
import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../auth/guards.js';
import { adminQueues } from '../../services/admin-queues.js';

const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireRole('ADMIN'));

  app.get('/queues', async () => adminQueues(app.db));
};

export default adminRoutes;
