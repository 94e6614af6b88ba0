// Transfers on site (issue 18): an organisation's carriers, the transfer of an accepted match,
// its loads (departure, correction, reception, cancellation, history) and the admin's close.
// Handlers parse, authorise and call the services (src/services/carriers.ts, transfers.ts), which
// own the SQL, the transactions and their lock order; e-mails go after the commit
// (src/services/transfer-mail.ts).
import { LOAD_STATUSES, messages, TRANSFER_STATUSES, transferMessages } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import { parseBoolean, parseEnumList, parsePaging, parseSearch, parseUuid, sendTotal, type QueryValue } from '../../http/list-query.js';
import { archiveCarrier, createCarrier, listCarriers, toCarrier, updateCarrier } from '../../services/carriers.js';
import { answerLoad } from '../../services/load-tickets.js';
import { mailLoadRefused } from '../../services/transfer-mail.js';
import {
  answerTransfer,
  cancelLoad,
  closeTransfer,
  correctLoad,
  listLoads,
  listTransfers,
  loadHistory,
  readableTransfer,
  recordLoad,
  receiveLoad,
} from '../../services/transfers.js';

type Params = { Params: { id: string } };

/**
 * A load's record, correction, reception and cancellation write loads, load versions, the
 * transfer's row and the audit log only: no row a read cache keeps, so no wait for the change
 * feed's settle (plugins/app/database.ts; proven in transfers.integration.test.ts).
 */
const noSettle = { config: { settle: false } };
type PageQuery = Record<'page' | 'page_size', QueryValue>;

const transferRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const density = () => app.config.matching;

  // ── carriers ──

  app.get<Params & { Querystring: PageQuery & Record<'include_archived' | 'q', QueryValue> }>('/organizations/:id/carriers', async (request, reply) => {
    const { rows, count } = await listCarriers(app.db, request.auth, request.params.id, {
      includeArchived: parseBoolean(request.query.include_archived, transferMessages.carrierListParameter, false),
      words: parseSearch(request.query.q),
      paging: parsePaging(request.query),
    });
    sendTotal(reply, count);
    const now = new Date();
    return rows.map((row) => toCarrier(row, now));
  });

  app.post<Params>('/organizations/:id/carriers', async (request, reply) => {
    const { row, created } = await createCarrier(app.db, request.auth, request.params.id, {
      body: request.body,
      idempotencyKey: request.headers['idempotency-key'],
    });
    return reply.code(created ? 201 : 200).send(toCarrier(row));
  });

  app.put<Params>('/carriers/:id', async (request) => toCarrier(await updateCarrier(app.db, request.auth, request.params.id, request.body)));

  app.post<Params>('/carriers/:id/archive', async (request) => toCarrier(await archiveCarrier(app.db, request.auth, request.params.id)));

  // ── transfers ──

  app.get<{ Querystring: PageQuery & Record<'q' | 'status' | 'discrepancy' | 'inquiry_id', QueryValue> }>('/transfers', async (request, reply) => {
    const { query } = request;
    const { rows, count } = await listTransfers(app.db, request.auth, {
      statuses: parseEnumList(query.status, TRANSFER_STATUSES, transferMessages.transferStatusParameter),
      inquiryId: parseUuid(query.inquiry_id, messages.inquiryIdParameter),
      discrepancy: query.discrepancy === undefined ? undefined : parseBoolean(query.discrepancy, transferMessages.transferDiscrepancyParameter),
      words: parseSearch(query.q),
      paging: parsePaging(query),
    });
    sendTotal(reply, count);
    return rows;
  });

  app.get<Params>('/transfers/:id', async (request) => {
    const transfer = await readableTransfer(app.db, request.auth, request.params.id);
    return answerTransfer(app.db, request.auth, transfer, density());
  });

  app.post<Params>('/transfers/:id/close', async (request) => {
    const closed = await closeTransfer(app.db, request.auth, request.params.id, density());
    return answerTransfer(app.db, request.auth, closed, density());
  });

  // ── loads ──

  app.get<Params & { Querystring: PageQuery & Record<'status', QueryValue> }>('/transfers/:id/loads', async (request, reply) => {
    const { rows, count } = await listLoads(app.db, request.auth, request.params.id, {
      statuses: parseEnumList(request.query.status, LOAD_STATUSES, transferMessages.loadStatusParameter),
      paging: parsePaging(request.query),
    });
    sendTotal(reply, count);
    return rows;
  });

  app.post<Params>('/transfers/:id/loads', noSettle, async (request, reply) => {
    const { load, created } = await recordLoad(app.db, request.auth, request.params.id, {
      body: request.body,
      idempotencyKey: request.headers['idempotency-key'],
    });
    return reply.code(created ? 201 : 200).send(load);
  });

  // With its weighbridge ticket file (services/load-tickets.ts), which the lists leave out.
  app.get<Params>('/loads/:id', async (request) => answerLoad(app.db, request.auth, request.params.id));

  app.put<Params>('/loads/:id', noSettle, async (request) => correctLoad(app.db, request.auth, request.params.id, request.body));

  app.post<Params>('/loads/:id/reception', noSettle, async (request) => {
    const outcome = await receiveLoad(app.db, request.auth, request.params.id, {
      body: request.body,
      idempotencyKey: request.headers['idempotency-key'],
    });
    if (outcome.refused) await mailLoadRefused(app, outcome.refused);
    return outcome.load;
  });

  app.post<Params>('/loads/:id/cancel', noSettle, async (request) => cancelLoad(app.db, request.auth, request.params.id, request.body));

  app.get<Params>('/loads/:id/history', async (request) => loadHistory(app.db, request.auth, request.params.id));
};

export default transferRoutes;
