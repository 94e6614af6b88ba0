// GET /api/dev/outbox: the e-mails the API would have sent (dev outbox), newest first. Registered
// only outside production and when no SMTP_URL is set (src/app.ts).
import type { FastifyPluginAsync } from 'fastify';

const devRoutes: FastifyPluginAsync = async (app) => {
  app.get('/outbox', async () => app.mailer.outbox ?? []);
};

export default devRoutes;
