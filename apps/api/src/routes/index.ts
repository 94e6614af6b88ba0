// Everything under /api/v1. Each resource is `src/routes/<resource>/index.ts`, a plugin
// registered here with its own prefix, e.g. `await app.register(inquiryRoutes, { prefix: '/inquiries' })`;
// a route declared as '/' then answers both `/api/v1/inquiries` and `/api/v1/inquiries/`.
import type { FastifyPluginAsync } from 'fastify';

const apiV1Routes: FastifyPluginAsync = async (_app) => {
  // Resource plugins are added here by the next issues (auth, users, organizations, credits,
  // inquiries, documents, invoices, payments).
};

export default apiV1Routes;
