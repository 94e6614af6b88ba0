// The national excavated-soil register export (issue 11): GET /register/exports, admins only.
import { matchingMessages, toCalendarDate } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../auth/guards.js';
import { sendAttachment } from '../../http/attachment.js';
import type { QueryValue } from '../../http/list-query.js';
import { problem } from '../../http/problem.js';
import { clientGone } from '../../heavy/pool.js';
import { processedTransfers, registerFileName, type RegisterFormat, type RegisterKind } from '../../services/register.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function single(value: QueryValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A calendar day written YYYY-MM-DD, or undefined. */
function day(value: QueryValue): string | undefined {
  const text = single(value);
  return text !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(text) && toCalendarDate(text) === text ? text : undefined;
}

const registerRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get<{ Querystring: Record<'from' | 'to' | 'format' | 'register', QueryValue> }>(
    '/exports',
    { preHandler: requireRole('ADMIN') },
    async (request, reply) => {
      const from = day(request.query.from);
      const to = day(request.query.to);
      if (!from || !to || to < from) throw problem(400, matchingMessages.registerPeriodInvalid);
      const format = (single(request.query.format) ?? 'csv') as RegisterFormat;
      if (format !== 'csv' && format !== 'xlsx') throw problem(400, matchingMessages.registerFormatInvalid);
      const register = (single(request.query.register) ?? 'outgoing') as RegisterKind;
      if (register !== 'outgoing' && register !== 'incoming') throw problem(400, matchingMessages.registerKindInvalid);
      const transfers = await processedTransfers(app.db, from, to, undefined, app.config.matching.soilDensityTonnesPerM3);
      // Thousands of lines (and exceljs zipping a workbook) are synchronous work: in a worker
      // thread (src/heavy/), 503 + Retry-After when they are all busy.
      const file = await app.heavy.run({ kind: format === 'csv' ? 'register-csv' : 'register-xlsx', register, transfers }, { signal: clientGone(reply), account: request.auth.userId });
      return sendAttachment(
        reply,
        { fileName: registerFileName(register, from, to, format), naming: 'client', contentType: format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE, cache: 'private' },
        file,
      );
    },
  );
};

export default registerRoutes;
