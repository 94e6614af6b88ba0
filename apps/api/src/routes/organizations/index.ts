// Advertiser organisations (spec §4, §5, §7; CONTRACT §5, §6): onboarding, edit, and the admin's
// verification, archiving and credit grants. The handlers parse, authorise and call
// src/services/organizations.ts (and credits.ts, users.ts), which own the SQL.
import { addCreditsSchema, messages, organisationCreateSchema, organisationUpdateSchema } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { requireRole } from '../../auth/guards.js';
import { bodyObject, parseBody } from '../../http/input.js';
import { parseBoolean, parsePaging, parseSearch, parseSort, sendTotal, type QueryValue } from '../../http/list-query.js';
import { problem } from '../../http/problem.js';
import { ledgerPage, toCreditTransaction, withGrantors } from '../../services/credits.js';
import { DEFAULT_ORGANIZATION_SORT, listOrganizations, ORGANIZATION_SORT_KEYS } from '../../services/organization-lists.js';
import {
  archiveOrganization,
  createOrganization,
  grantCredits,
  ownOrganization,
  readableOrganization,
  setVerified,
  toOrganization,
  updateOrganization,
} from '../../services/organizations.js';
import { storageUse } from '../../services/stored-files.js';
import { listOrganizationMembers } from '../../services/users.js';

type Params = { Params: { id: string } };

const organizationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get<{ Querystring: Record<'q' | 'with_archived' | 'verified' | 'sort' | 'page' | 'page_size', QueryValue> }>(
    '/',
    { preHandler: requireRole('ADMIN') },
    async (request, reply) => {
      const { query } = request;
      const { rows, count } = await listOrganizations(app.db, {
        words: parseSearch(query.q),
        withArchived: parseBoolean(query.with_archived, messages.withArchivedParameter, false),
        // The 'Organisations à vérifier' queue opens with verified=false (issue 21).
        verified: query.verified === undefined ? undefined : parseBoolean(query.verified, messages.verifiedParameter),
        sort: parseSort(query.sort, ORGANIZATION_SORT_KEYS, DEFAULT_ORGANIZATION_SORT),
        paging: parsePaging(query),
      });
      sendTotal(reply, count);
      return rows.map(toOrganization);
    },
  );

  app.post('/', { preHandler: requireRole('OWNER') }, async (request, reply) => {
    if (request.auth.organizationId) throw problem(409, messages.alreadyHasOrganization);
    const created = await createOrganization(app.db, request.auth, parseBody(organisationCreateSchema, request.body));
    return reply.code(201).send(toOrganization(created));
  });

  app.get('/me', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async (request) => toOrganization(await ownOrganization(app.db, request.auth)));

  app.get<Params>('/:id', async (request) => toOrganization(await readableOrganization(app.db, request.auth, request.params.id)));

  app.put<Params>('/:id', async (request) => {
    const current = await readableOrganization(app.db, request.auth, request.params.id);
    if (request.auth.role === 'EMPLOYEE') throw problem(403, messages.ownerOnly);
    return toOrganization(await updateOrganization(app.db, request.auth, current, parseBody(organisationUpdateSchema, request.body)));
  });

  app.put<Params & { Querystring: { verified?: string } }>('/:id/verify', { preHandler: requireRole('ADMIN') }, async (request) => {
    const verified = parseBoolean(request.query.verified, messages.verifiedParameter);
    const current = await readableOrganization(app.db, request.auth, request.params.id);
    return toOrganization(await setVerified(app.db, request.auth, current, verified));
  });

  app.delete<Params>('/:id/archive', { preHandler: requireRole('ADMIN') }, async (request, reply) => {
    await archiveOrganization(app.db, request.auth, await readableOrganization(app.db, request.auth, request.params.id));
    return reply.code(204).send();
  });

  app.post<Params>('/:id/credits', { preHandler: requireRole('ADMIN') }, async (request) => {
    const current = await readableOrganization(app.db, request.auth, request.params.id);
    const { credits, reason } = v.parse(addCreditsSchema, bodyObject(request.body));
    const updated = await grantCredits(app.db, request.auth, current, { credits, reason, idempotencyKey: request.headers['idempotency-key'] });
    return toOrganization(updated);
  });

  // The organisation's people for the admin's detail page (members, then pending invitations);
  // its own members read the same list at GET /users/organization/members.
  app.get<Params>('/:id/members', { preHandler: requireRole('ADMIN') }, async (request) => {
    const organization = await readableOrganization(app.db, request.auth, request.params.id);
    return listOrganizationMembers(app.db, organization.id);
  });

  // What its own uploads take against its storage quota (issue 20): the admin's detail page, the members too.
  app.get<Params>('/:id/storage', async (request) => {
    const organization = await readableOrganization(app.db, request.auth, request.params.id);
    return storageUse(app.db, organization.id, app.config.storageQuotaBytes);
  });

  app.get<Params & { Querystring: Record<'page' | 'page_size', QueryValue> }>('/:id/credit-transactions', async (request, reply) => {
    const organization = await readableOrganization(app.db, request.auth, request.params.id);
    const { rows, count } = await ledgerPage(app.db, organization.id, parsePaging(request.query));
    sendTotal(reply, count);
    // The admin sees who granted; the organisation sees the reason only (issue 21).
    return (request.auth.role === 'ADMIN' ? await withGrantors(app.db, rows) : rows).map(toCreditTransaction);
  });
};

export default organizationRoutes;
