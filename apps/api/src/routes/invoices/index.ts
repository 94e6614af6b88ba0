// Invoices (CONTRACT §5, §11): GET /invoices (admins: all; owners and employees: their
// organisation's, newest first) and GET /invoices/{id}/pdf. Another organisation's invoice is a
// 404. Employees read them too: the account's Factures tab is not restricted to owners.
import { messages } from '@terres/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { purchases } from '../../db/schema.js';
import { problem } from '../../http/problem.js';
import { clientGone } from '../../heavy/pool.js';
import { findInvoice, invoiceFileName, listInvoices, toInvoice } from '../../services/invoices.js';

/** Null for admins (every organisation), else the caller's organisation (403 without one). */
function scopeOf(request: FastifyRequest): string | null {
  return request.auth.role === 'ADMIN' ? null : organizationOf(request);
}

const invoiceRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireRole('ADMIN', 'OWNER', 'EMPLOYEE'));

  app.get('/', async (request) => {
    const rows = await listInvoices(app.db, scopeOf(request));
    return rows.map(toInvoice);
  });

  app.get<{ Params: { id: string } }>('/:id/pdf', async (request, reply) => {
    const invoice = await findInvoice(app.db, request.params.id, scopeOf(request));
    if (!invoice) throw problem(404, messages.invoiceNotFound);
    const [purchase] = await app.db.select({ paidAt: purchases.paidAt }).from(purchases).where(eq(purchases.id, invoice.purchaseId));
    const pdf = await app.heavy.run({ kind: 'invoice-pdf', invoice, paidAt: purchase?.paidAt ?? invoice.issuedAt }, { signal: clientGone(reply) });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};

export default invoiceRoutes;
