// Listings (CONTRACT §5, §8): drafts, edits, submission, the admin's status workflow with the
// credit debit at validation, e-mails to the organisation, and the PDF summary.
import { randomUUID } from 'node:crypto';
import {
  forbiddenFields,
  inquiryPatchSchema,
  isDeletableByAdvertiser,
  isEndBeforeStart,
  isEditableByAdvertiser,
  isInquiryStatus,
  messages,
  priceFor,
  refusalReasonSchema,
  toCamelKeys,
  transitionEffect,
  transitionError,
  validateInquiryForSubmission,
  type InquiryStatus,
} from '@terres/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { organizationOf, requireRole, ROLE_FORBIDDEN_DETAIL } from '../../auth/guards.js';
import type { Tx } from '../../db/index.js';
import { documents, inquiries, organizations, users } from '../../db/schema.js';
import { bodyObject } from '../../http/input.js';
import { problem } from '../../http/problem.js';
import { inquiryStatusEmail } from '../../mail/templates/inquiry-status.js';
import { inquiryPdf } from '../../pdf/inquiry.js';
import { recordAudit } from '../../services/audit.js';
import { appendLedgerLine, INSUFFICIENT_CREDITS_DETAIL } from '../../services/credits.js';
import { costOf, readableInquiry, toInquiry, type InquiryRow } from '../../services/inquiries.js';
import { isUuid } from '../../http/ids.js';

export const NOT_EDITABLE_DETAIL = 'Seules les annonces en brouillon ou refusées peuvent être modifiées.';
export const NOT_DELETABLE_DETAIL = 'Seuls les brouillons peuvent être supprimés.';
export const ID_TAKEN_DETAIL = 'Cet identifiant d’annonce est déjà utilisé.';
export const FIELD_NOT_EDITABLE = 'Ce champ ne peut pas être modifié.';
export const SUBMISSION_INCOMPLETE_DETAIL = "L'annonce est incomplète : ";

type Params = { Params: { id: string } };

/** Validates a PUT or POST body's listing fields (snake_case) with the domain's patch schema. */
function parsePatch(body: Record<string, unknown>) {
  const fields = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'status' && key !== 'type' && key !== 'id'));
  const { materials, ...rest } = v.parse(inquiryPatchSchema, toCamelKeys(fields));
  if (materials === undefined) return rest;
  // A row without a price takes the catalogue's price for its material and quality.
  return {
    ...rest,
    materials: materials.map((m) => ({ ...m, price: m.price ?? priceFor(m.materialName, m.groundComposition) ?? 0 })),
  };
}

/** Loads everything submission checks, and throws a 422 naming the first missing rule. */
async function assertSubmittable(tx: Tx, row: InquiryRow): Promise<void> {
  const docs = await tx
    .select({ kind: documents.kind })
    .from(documents)
    .where(and(eq(documents.inquiryId, row.id), isNull(documents.deletedAt)));
  const check = validateInquiryForSubmission({ ...toInquiry(row), documents: docs });
  if (!check.ok) {
    const [first] = Object.values(check.errors);
    throw problem(422, first ?? SUBMISSION_INCOMPLETE_DETAIL, { errors: check.errors });
  }
}

async function notifyOrganization(app: FastifyInstance, row: InquiryRow, extra: { debited?: { cost: number; balance: number } } = {}) {
  try {
    const recipients = await app.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.organizationId, row.organizationId), isNull(users.archivedAt)));
    if (recipients.length === 0) return;
    const mail = inquiryStatusEmail({
      projectName: row.projectName,
      type: row.type,
      status: row.status,
      reason: row.rejectionReason,
      detailUrl: `${app.config.advertiserPortalUrl}/user/inquiry/details/${row.id}/overview`,
      ...extra,
    });
    // One message per user: colleagues' addresses are not disclosed to each other.
    for (const { email } of recipients) await app.mailer.send({ to: email, ...mail });
  } catch (error) {
    // The change is committed; a mail outage must not turn it into an error for the user.
    app.log.error({ err: error, inquiryId: row.id }, 'listing e-mail not sent');
  }
}

const inquiryRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get('/', async (request) => {
    const { role, organizationId } = request.auth;
    if (role !== 'ADMIN' && !organizationId) return [];
    const rows = await app.db
      .select()
      .from(inquiries)
      .where(
        role === 'ADMIN'
          ? isNull(inquiries.deletedAt)
          : and(eq(inquiries.organizationId, organizationId!), isNull(inquiries.deletedAt)),
      )
      .orderBy(desc(inquiries.createdAt));
    return rows.map(toInquiry);
  });

  app.post('/', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async (request, reply) => {
    const organizationId = organizationOf(request);
    const body = bodyObject(request.body);
    if (body.type !== 'CUT' && body.type !== 'FILL') {
      throw problem(422, messages.inquiryTypeInvalid, { errors: { type: messages.inquiryTypeInvalid } });
    }
    if (body.status !== undefined && body.status !== 'DRAFT') {
      throw problem(422, 'Une annonce est créée en brouillon (DRAFT).', { errors: { status: 'Une annonce est créée en brouillon (DRAFT).' } });
    }
    if (typeof body.project_name !== 'string' || body.project_name.trim() === '') {
      throw problem(422, messages.projectNameRequired, { errors: { project_name: messages.projectNameRequired } });
    }
    if (body.id !== undefined && (typeof body.id !== 'string' || !isUuid(body.id))) {
      throw problem(422, 'Identifiant d’annonce invalide.', { errors: { id: 'Identifiant d’annonce invalide.' } });
    }
    const { type: _type, status: _status, id: _id, ...listingFields } = body;
    const refused = forbiddenFields(listingFields, 'DRAFT', request.auth.role);
    if (refused.length > 0) {
      throw problem(422, `${FIELD_NOT_EDITABLE} (${refused.join(', ')})`, {
        errors: Object.fromEntries(refused.map((key) => [key, FIELD_NOT_EDITABLE])),
      });
    }
    const fields = parsePatch(body);
    const type = body.type;
    const id = (body.id as string | undefined) ?? randomUUID();
    const created = await app.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, id));
      if (taken) throw problem(409, ID_TAKEN_DETAIL);
      const [row] = await tx
        .insert(inquiries)
        .values({
          ...fields,
          id,
          organizationId,
          userId: request.auth.userId,
          type,
          status: 'DRAFT',
          projectName: fields.projectName!,
          cost: costOf(type, fields.quantity ?? null),
        })
        .returning();
      return row!;
    });
    return reply.code(201).send(toInquiry(created));
  });

  app.get<Params>('/:id', async (request) => toInquiry(await readableInquiry(app.db, request, request.params.id)));

  app.put<Params>('/:id', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async (request) => {
    const body = bodyObject(request.body);
    const submit = body.status === 'PENDING_VALIDATION';
    if (body.status !== undefined && body.status !== 'DRAFT' && !submit) {
      throw problem(422, 'Le statut demandé est invalide : seule la soumission (PENDING_VALIDATION) est possible ici.', {
        errors: { status: 'Statut invalide.' },
      });
    }
    const row = await app.db.transaction(async (tx) => {
      const current = await readableInquiry(tx, request, request.params.id, { forUpdate: true });
      if (!isEditableByAdvertiser(current.status)) throw problem(409, NOT_EDITABLE_DETAIL);
      const { status: _status, ...fieldsOnly } = body;
      const refused = forbiddenFields(fieldsOnly, current.status, request.auth.role);
      if (refused.length > 0) {
        throw problem(422, `${FIELD_NOT_EDITABLE} (${refused.join(', ')})`, {
          errors: Object.fromEntries(refused.map((key) => [key, FIELD_NOT_EDITABLE])),
        });
      }
      const fields = parsePatch(body);
      // The availability step's cross-field rule, on the listing as this edit leaves it.
      const startDate = fields.startDate === undefined ? current.startDate : fields.startDate;
      const endDate = fields.endDate === undefined ? current.endDate : fields.endDate;
      if (isEndBeforeStart(startDate, endDate)) {
        throw problem(422, messages.endBeforeStart, { errors: { end_date: messages.endBeforeStart } });
      }
      const quantity = fields.quantity === undefined ? current.quantity : fields.quantity;
      let [row] = await tx
        .update(inquiries)
        .set({ ...fields, cost: costOf(current.type, quantity), updatedAt: new Date() })
        .where(eq(inquiries.id, current.id))
        .returning();
      if (submit) {
        const error = transitionError(row!.status, 'PENDING_VALIDATION', request.auth.role);
        if (error) throw problem(409, error);
        await assertSubmittable(tx, row!);
        const [organization] = await tx
          .select({ creditBalance: organizations.creditBalance })
          .from(organizations)
          .where(eq(organizations.id, row!.organizationId));
        if ((organization?.creditBalance ?? 0) < (row!.cost ?? 0)) throw problem(409, INSUFFICIENT_CREDITS_DETAIL);
        [row] = await tx
          .update(inquiries)
          .set({ status: 'PENDING_VALIDATION', submittedAt: new Date(), updatedAt: new Date() })
          .where(eq(inquiries.id, current.id))
          .returning();
        await recordAudit(tx, {
          actorUserId: request.auth.userId,
          action: 'inquiry.submitted',
          targetType: 'inquiry',
          targetId: current.id,
          details: { from: current.status, cost: row!.cost },
        });
      }
      return row!;
    });
    if (submit) await notifyOrganization(app, row);
    return toInquiry(row);
  });

  app.delete<Params>('/:id', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async (request, reply) => {
    await app.db.transaction(async (tx) => {
      const current = await readableInquiry(tx, request, request.params.id, { forUpdate: true });
      if (!isDeletableByAdvertiser(current.status)) throw problem(409, NOT_DELETABLE_DETAIL);
      await tx.update(inquiries).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(inquiries.id, current.id));
      await recordAudit(tx, { actorUserId: request.auth.userId, action: 'inquiry.deleted', targetType: 'inquiry', targetId: current.id });
    });
    return reply.code(204).send();
  });

  app.put<Params>('/:id/status', async (request) => {
    if (request.auth.role !== 'ADMIN') {
      // Another organisation's listing stays a 404 here too (CONTRACT §4); one's own is a 403.
      await readableInquiry(app.db, request, request.params.id);
      throw problem(403, ROLE_FORBIDDEN_DETAIL);
    }
    const body = bodyObject(request.body);
    if (!isInquiryStatus(body.status)) {
      throw problem(422, 'Le statut demandé est inconnu.', { errors: { status: 'Le statut demandé est inconnu.' } });
    }
    const target: InquiryStatus = body.status;
    const outcome = await app.db.transaction(async (tx) => {
      const current = await readableInquiry(tx, request, request.params.id, { forUpdate: true });
      const error = transitionError(current.status, target, request.auth.role);
      if (error) throw problem(409, error);
      const effect = transitionEffect(current.status, target);
      let reason: string | null = current.rejectionReason;
      if (effect.requiresReason) {
        const parsed = v.safeParse(refusalReasonSchema, body.reason);
        if (!parsed.success) throw problem(422, parsed.issues[0].message, { errors: { reason: parsed.issues[0].message } });
        reason = parsed.output;
      }
      let debited: { cost: number; balance: number } | undefined;
      if (effect.debitsCost) {
        const cost = current.cost ?? costOf(current.type, current.quantity);
        const result = await appendLedgerLine(tx, {
          organizationId: current.organizationId,
          kind: 'LISTING_VALIDATION',
          amount: -cost,
          reference: `inquiry-validation:${current.id}`,
          inquiryId: current.id,
          actorUserId: request.auth.userId,
        });
        debited = { cost, balance: result.balance };
      }
      const now = new Date();
      const [row] = await tx
        .update(inquiries)
        .set({
          status: target,
          rejectionReason: target === 'REJECTED' ? reason : current.rejectionReason,
          ...(target === 'APPROVED' ? { validatedAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(inquiries.id, current.id))
        .returning();
      await recordAudit(tx, {
        actorUserId: request.auth.userId,
        action: 'inquiry.status_changed',
        targetType: 'inquiry',
        targetId: current.id,
        details: { from: current.status, to: target, ...(target === 'REJECTED' ? { reason } : {}), ...(debited ? { debited: debited.cost } : {}) },
      });
      return { row: row!, debited };
    });
    await notifyOrganization(app, outcome.row, outcome.debited ? { debited: outcome.debited } : {});
    return toInquiry(outcome.row);
  });

  app.get<Params>('/:id/pdf', async (request, reply) => {
    const row = await readableInquiry(app.db, request, request.params.id);
    const [organization] = await app.db.select().from(organizations).where(eq(organizations.id, row.organizationId));
    const pdf = await inquiryPdf(row, organization?.name ?? null);
    const name = `annonce-${row.projectName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || row.id}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(pdf);
  });
};

export default inquiryRoutes;
