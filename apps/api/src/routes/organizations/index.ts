// Advertiser organisations (spec §4, §5, §7; CONTRACT §5, §6): onboarding, edit, and the admin's
// verification, archiving and credit grants.
import { randomUUID } from 'node:crypto';
import { addCreditsSchema, messages, organisationCreateSchema, organisationUpdateSchema, PROBLEM_TYPES } from '@terres/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { requireRole } from '../../auth/guards.js';
import { revokeOrganizationSessions } from '../../auth/sessions.js';
import { organizations, users } from '../../db/schema.js';
import { organizationScope, withScope } from '../../db/scope.js';
import { bodyObject, parseBody } from '../../http/input.js';
import { parseBoolean, parsePaging, parseSearch, parseSort, sendTotal, type QueryValue } from '../../http/list-query.js';
import { problem } from '../../http/problem.js';
import { recordAudit } from '../../services/audit.js';
import { appendLedgerLine, listLedgerLines } from '../../services/credits.js';
import { lockOrganizationListings } from '../../services/inquiries.js';
import { DEFAULT_ORGANIZATION_SORT, listOrganizations, ORGANIZATION_SORT_KEYS } from '../../services/organization-lists.js';
import { listOrganizationMembers } from '../../services/users.js';
import {
  findOrganization,
  readableOrganization,
  toOrganization,
} from '../../services/organizations.js';

/** Optional text fields: an empty string clears them (stored as null). */
function blankToNull<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, value === '' ? null : value])) as T;
}

type Params = { Params: { id: string } };

const organizationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get<{ Querystring: Record<'q' | 'with_archived' | 'sort' | 'page' | 'page_size', QueryValue> }>(
    '/',
    { preHandler: requireRole('ADMIN') },
    async (request, reply) => {
      const { query } = request;
      const { rows, count } = await listOrganizations(app.db, {
        words: parseSearch(query.q),
        withArchived: parseBoolean(query.with_archived, messages.withArchivedParameter, false),
        sort: parseSort(query.sort, ORGANIZATION_SORT_KEYS, DEFAULT_ORGANIZATION_SORT),
        paging: parsePaging(query),
      });
      sendTotal(reply, count);
      return rows.map(toOrganization);
    },
  );

  app.post('/', { preHandler: requireRole('OWNER') }, async (request, reply) => {
    if (request.auth.organizationId) throw problem(409, messages.alreadyHasOrganization);
    const input = parseBody(organisationCreateSchema, request.body);
    // Row-level security: the new organisation's id is chosen here so that the transaction runs
    // in its scope (the owner has none yet): it can insert that organisation and attach itself.
    const id = randomUUID();
    const created = await withScope(organizationScope(id, request.auth.userId), () => app.db.transaction(async (tx) => {
      // The owner row is locked: two parallel creations cannot both attach an organisation.
      const [owner] = await tx.select().from(users).where(eq(users.id, request.auth.userId)).for('update');
      if (!owner || owner.organizationId) throw problem(409, messages.alreadyHasOrganization);
      const [row] = await tx.insert(organizations).values({ ...input, id }).returning();
      await tx.update(users).set({ organizationId: row!.id, updatedAt: new Date() }).where(eq(users.id, owner.id));
      await recordAudit(tx, { actorUserId: owner.id, action: 'organization.created', targetType: 'organization', targetId: row!.id });
      return row!;
    }));
    return reply.code(201).send(toOrganization(created));
  });

  app.get('/me', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async (request) => {
    const id = request.auth.organizationId;
    const row = id ? await findOrganization(app.db, id) : undefined;
    if (!row) throw problem(404, messages.organizationNotFound);
    return toOrganization(row);
  });

  app.get<Params>('/:id', async (request) => toOrganization(await readableOrganization(app.db, request, request.params.id)));

  app.put<Params>('/:id', async (request) => {
    const current = await readableOrganization(app.db, request, request.params.id);
    if (request.auth.role === 'EMPLOYEE') throw problem(403, messages.ownerOnly);
    const changes = blankToNull(parseBody(organisationUpdateSchema, request.body));
    if (Object.keys(changes).length === 0) return toOrganization(current);
    const updated = await app.db.transaction(async (tx) => {
      // A rename rewrites the listings' copy of the name (a trigger): lock them first.
      if (changes.name !== undefined && changes.name !== current.name) await lockOrganizationListings(tx, current.id);
      const [row] = await tx
        .update(organizations)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(organizations.id, current.id))
        .returning();
      if (request.auth.role === 'ADMIN') {
        await recordAudit(tx, {
          actorUserId: request.auth.userId,
          action: 'organization.updated',
          targetType: 'organization',
          targetId: current.id,
          details: { fields: Object.keys(changes) },
        });
      }
      return row!;
    });
    return toOrganization(updated);
  });

  app.put<Params & { Querystring: { verified?: string } }>(
    '/:id/verify',
    { preHandler: requireRole('ADMIN') },
    async (request) => {
      const verified = parseBoolean(request.query.verified, messages.verifiedParameter);
      const current = await readableOrganization(app.db, request, request.params.id);
      const updated = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(organizations)
          .set({ verified, updatedAt: new Date() })
          .where(eq(organizations.id, current.id))
          .returning();
        await recordAudit(tx, {
          actorUserId: request.auth.userId,
          action: verified ? 'organization.verified' : 'organization.unverified',
          targetType: 'organization',
          targetId: current.id,
        });
        return row!;
      });
      return toOrganization(updated);
    },
  );

  app.delete<Params>('/:id/archive', { preHandler: requireRole('ADMIN') }, async (request, reply) => {
    const current = await readableOrganization(app.db, request, request.params.id);
    await app.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(organizations).where(eq(organizations.id, current.id)).for('update');
      if (locked!.archivedAt) throw problem(409, messages.alreadyArchived);
      const now = new Date();
      await tx.update(organizations).set({ archivedAt: now, updatedAt: now }).where(eq(organizations.id, current.id));
      await revokeOrganizationSessions(tx, current.id);
      await recordAudit(tx, {
        actorUserId: request.auth.userId,
        action: 'organization.archived',
        targetType: 'organization',
        targetId: current.id,
      });
    });
    return reply.code(204).send();
  });

  app.post<Params>('/:id/credits', { preHandler: requireRole('ADMIN') }, async (request) => {
    const current = await readableOrganization(app.db, request, request.params.id);
    const { credits } = v.parse(addCreditsSchema, bodyObject(request.body));
    if (current.archivedAt) throw problem(409, messages.organizationIsArchived);
    // A client may name its request (Idempotency-Key): a retry then never grants twice.
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > 200)) {
      throw problem(400, messages.idempotencyKey);
    }
    const reference = `admin-grant:${current.id}:${key ?? randomUUID()}`;
    const updated = await app.db.transaction(async (tx) => {
      const result = await appendLedgerLine(tx, {
        organizationId: current.id,
        kind: 'ADMIN_GRANT',
        amount: credits,
        reference,
        actorUserId: request.auth.userId,
      });
      // A key names one grant: reused for another amount, it is a client mistake, not a retry.
      if (!result.created && result.line.amount !== credits) throw problem(409, messages.idempotencyKeyReused, { type: PROBLEM_TYPES.idempotencyKeyReused });
      if (result.created) {
        await recordAudit(tx, {
          actorUserId: request.auth.userId,
          action: 'credits.granted',
          targetType: 'organization',
          targetId: current.id,
          details: { credits, balance: result.balance, reference },
        });
      }
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, current.id));
      return row!;
    });
    return toOrganization(updated);
  });

  // The organisation's people for the admin's detail page (members, then pending invitations);
  // its own members read the same list at GET /users/organization/members.
  app.get<Params>('/:id/members', { preHandler: requireRole('ADMIN') }, async (request) => {
    const organization = await readableOrganization(app.db, request, request.params.id);
    return listOrganizationMembers(app.db, organization.id);
  });

  app.get<Params>('/:id/credit-transactions', async (request) => {
    const organization = await readableOrganization(app.db, request, request.params.id);
    const lines = await listLedgerLines(app.db, organization.id);
    return lines.map((line) => ({
      id: line.id,
      organizationId: line.organizationId,
      kind: line.kind,
      amount: line.amount,
      balanceAfter: line.balanceAfter,
      reference: line.reference,
      inquiryId: line.inquiryId,
      createdAt: line.createdAt.toISOString(),
    }));
  });
};

export default organizationRoutes;
