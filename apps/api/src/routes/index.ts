// Everything under /api/v1. Each resource is `src/routes/<resource>/index.ts`, a plugin
// registered here with its own prefix, e.g. `await app.register(inquiryRoutes, { prefix: '/inquiries' })`;
// a route declared as '/' then answers both `/api/v1/inquiries` and `/api/v1/inquiries/`.
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/index.js';
import creditRoutes from './credits/index.js';
import invoiceRoutes from './invoices/index.js';
import loadTicketRoutes from './load-tickets/index.js';
import documentRoutes from './documents/index.js';
import inquiryRoutes from './inquiries/index.js';
import matchRoutes from './matches/index.js';
import registerRoutes from './register/index.js';
import adminRoutes from './admin/index.js';
import notificationRoutes from './notifications/index.js';
import organizationRoutes from './organizations/index.js';
import paymentRoutes from './payments/index.js';
import soilStudyRoutes from './soil-studies/index.js';
import transferRoutes from './transfers/index.js';
import userRoutes from './users/index.js';

const apiV1Routes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/users' });
  await app.register(organizationRoutes, { prefix: '/organizations' });
  await app.register(creditRoutes, { prefix: '/credits' });
  await app.register(paymentRoutes, { prefix: '/payments' });
  await app.register(invoiceRoutes, { prefix: '/invoices' });
  await app.register(inquiryRoutes, { prefix: '/inquiries' });
  // /inquiries/{id}/documents and /documents/{id}/download (multipart is registered inside).
  await app.register(documentRoutes);
  await app.register(soilStudyRoutes, { prefix: '/soil-studies' });
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(notificationRoutes, { prefix: '/notifications' });
  // /inquiries/{id}/matches and /matches (issue 11).
  await app.register(matchRoutes);
  await app.register(registerRoutes, { prefix: '/register' });
  // Carriers, transfers and loads (issue 18): /organizations/{id}/carriers, /carriers, /transfers, /loads.
  await app.register(transferRoutes);
  // PUT and GET /loads/{id}/ticket: a load's weighbridge ticket, photo or PDF (multipart inside).
  await app.register(loadTicketRoutes);
};

export default apiV1Routes;
