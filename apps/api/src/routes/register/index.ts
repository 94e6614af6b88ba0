// The national excavated-soil register export (issues 11 and 19): GET /register/exports. Admins
// read every declarant's lines (one file, or a ZIP of one file per declaring SIRET); an owner or
// employee reads its organisation's (outgoing: its CUT listings; incoming: its FILL listings).
import { matchingMessages, toCalendarDate } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { sendAttachment } from '../../http/attachment.js';
import type { QueryValue } from '../../http/list-query.js';
import { problem } from '../../http/problem.js';
import { clientGone } from '../../heavy/pool.js';
import { registerFileName, registerFiles, type RegisterFormat, type RegisterKind } from '../../services/register.js';

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

  app.get<{ Querystring: Record<'from' | 'to' | 'format' | 'register' | 'siret', QueryValue> }>(
    '/exports',
    { preHandler: requireRole('ADMIN', 'OWNER', 'EMPLOYEE') },
    async (request, reply) => {
      if (request.auth.role !== 'ADMIN') organizationOf(request);
      const from = day(request.query.from);
      const to = day(request.query.to);
      if (!from || !to || to < from) throw problem(400, matchingMessages.registerPeriodInvalid);
      const format = (single(request.query.format) ?? 'csv') as RegisterFormat;
      if (format !== 'csv' && format !== 'xlsx') throw problem(400, matchingMessages.registerFormatInvalid);
      const register = (single(request.query.register) ?? 'outgoing') as RegisterKind;
      if (register !== 'outgoing' && register !== 'incoming') throw problem(400, matchingMessages.registerKindInvalid);
      const siretText = single(request.query.siret);
      const declarant = siretText === undefined || siretText === '' ? undefined : siretText.replace(/\s+/g, '');
      if (declarant !== undefined && !/^\d{14}$/.test(declarant)) throw problem(400, matchingMessages.registerDeclarantInvalid);
      const files = await registerFiles(app.db, request.auth, {
        kind: register,
        from,
        to,
        format,
        declarant,
        soilDensityTonnesPerM3: app.config.matching.soilDensityTonnesPerM3,
      });
      // One declarant (or none): its file. Several: a ZIP of one file each.
      const zipped = files.length > 1;
      // Thousands of lines (and exceljs zipping a workbook) are synchronous work: in a worker
      // thread (src/heavy/), 503 + Retry-After when they are all busy.
      const bytes = await app.heavy.run({ kind: 'register-export', register, format, files, zipped }, { signal: clientGone(reply), account: request.auth.userId });
      const fileName = zipped ? registerFileName(register, from, to, 'zip') : (files[0]?.fileName ?? registerFileName(register, from, to, format, declarant));
      const contentType = zipped ? 'application/zip' : format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE;
      return sendAttachment(reply, { fileName, naming: 'client', contentType, cache: 'private' }, bytes);
    },
  );
};

export default registerRoutes;
