// Invoices (CONTRACT §5): GET /invoices (admins: all; owners: their organisation's, newest
// first) and GET /invoices/{id}/pdf. Another organisation's invoice is a 404; employees get 403
// (invoices are the owner's business, as buying credits is).
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { purchases } from '../../db/schema.js';
import { problem } from '../../http/problem.js';
import { invoiceFileName, renderInvoicePdf } from '../../pdf/invoice.js';
import { findInvoice, INVOICE_NOT_FOUND_DETAIL, listInvoices, toInvoice } from '../../services/invoices.js';

/** Null for admins (every organisation), else the owner's organisation. */
function scopeOf(request: FastifyRequest): string | null {
  return request.auth.role === 'ADMIN' ? null : organizationOf(request);
}

const invoiceRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireRole('ADMIN', 'OWNER'));

  app.get('/', async (request) => {
    const rows = await listInvoices(app.db, scopeOf(request));
    return rows.map(toInvoice);
  });

  app.get<{ Params: { id: string } }>('/:id/pdf', async (request, reply) => {
    const invoice = await findInvoice(app.db, request.params.id, scopeOf(request));
    if (!invoice) throw problem(404, INVOICE_NOT_FOUND_DETAIL);
    const [purchase] = await app.db.select({ paidAt: purchases.paidAt }).from(purchases).where(eq(purchases.id, invoice.purchaseId));
    const pdf = await renderInvoicePdf(invoice, purchase?.paidAt ?? invoice.issuedAt);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};

export default invoiceRoutes;
