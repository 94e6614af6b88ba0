// Invoices (CONTRACT §5, §11): GET /invoices (admins: all; owners and employees: their
// organisation's, newest first) and GET /invoices/{id}/pdf. Another organisation's invoice is a
// 404. Employees read them too: the account's Factures tab is not restricted to owners.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { clientGone } from '../../heavy/pool.js';
import { sendAttachment } from '../../http/attachment.js';
import { parsePaging, sendTotal, type QueryValue } from '../../http/list-query.js';
import { invoiceFileName, listInvoices, readableInvoice, toInvoice, type InvoiceScope } from '../../services/invoices.js';

/** Null for admins (every organisation), else the caller's organisation (403 without one). */
function scopeOf(request: FastifyRequest): InvoiceScope {
  return request.auth.role === 'ADMIN' ? null : organizationOf(request);
}

const invoiceRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireRole('ADMIN', 'OWNER', 'EMPLOYEE'));

  app.get<{ Querystring: Record<'page' | 'page_size', QueryValue> }>('/', async (request, reply) => {
    const { rows, count } = await listInvoices(app.db, scopeOf(request), parsePaging(request.query));
    sendTotal(reply, count);
    return rows.map(toInvoice);
  });

  app.get<{ Params: { id: string } }>('/:id/pdf', async (request, reply) => {
    const { invoice, paidAt } = await readableInvoice(app.db, request.params.id, scopeOf(request));
    const pdf = await app.heavy.run({ kind: 'invoice-pdf', invoice, paidAt }, { signal: clientGone(reply), account: request.auth.userId });
    return sendAttachment(reply, { fileName: invoiceFileName(invoice), naming: 'generated', contentType: 'application/pdf', cache: 'private' }, pdf);
  });
};

export default invoiceRoutes;
