// Organisations (spec §4, §5; CONTRACT §5, §6): the answer shape (camelCase, CONTRACT §4), the
// access rule (admins any, members their own, anything else a 404), and every change: onboarding,
// edits, the admin's verification, archiving and credit grants. Locks: a rename takes the
// organisation's listings before its row (the order a validation takes them in: listing, then
// organisation); archiving and grants take the organisation's row.
import { randomUUID } from 'node:crypto';
import { messages, PROBLEM_TYPES, type organisationCreateSchema, type OrganisationUpdate } from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import type { InferOutput } from 'valibot';
import type { Viewer } from '../auth/context.js';
import { revokeOrganizationSessions } from '../auth/sessions.js';
import type { DbOrTx } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import { organizations, users } from '../db/schema.js';
import { organizationScope, withScope } from '../db/scope.js';
import { problem } from '../http/problem.js';
import { isUuid } from '../http/ids.js';
import { recordAudit } from './audit.js';
import { appendLedgerLine } from './credits.js';
import { lockOrganizationListings } from './inquiries.js';

export type OrganizationRow = typeof organizations.$inferSelect;

export function toOrganization(row: OrganizationRow) {
  return {
    id: row.id,
    name: row.name,
    registrationNumber: row.registrationNumber,
    legalForm: row.legalForm,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    email: row.email,
    officePhoneNumber: row.officePhoneNumber,
    mobilePhoneNumber: row.mobilePhoneNumber,
    representativeFirstName: row.representativeFirstName,
    representativeLastName: row.representativeLastName,
    representativePosition: row.representativePosition,
    representativeEmail: row.representativeEmail,
    representativePhoneNumber: row.representativePhoneNumber,
    verified: row.verified,
    archived: row.archivedAt !== null,
    creditBalance: row.creditBalance,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findOrganization(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await prepared(db, 'organization_by_id', (db, name) =>
    db.select().from(organizations).where(eq(organizations.id, sql.placeholder('id'))).prepare(name),
  ).execute({ id });
  return row;
}

/**
 * The organisation `id` if the viewer may read it: admins any, members their own. Anything else
 * is a 404, as for an unknown id (another organisation's existence is never revealed).
 */
export async function readableOrganization(db: DbOrTx, viewer: Pick<Viewer, 'role' | 'organizationId'>, id: string): Promise<OrganizationRow> {
  if (viewer.role !== 'ADMIN' && viewer.organizationId !== id) throw problem(404, messages.organizationNotFound);
  const row = await findOrganization(db, id);
  if (!row) throw problem(404, messages.organizationNotFound);
  return row;
}

/** The viewer's own organisation (404 before onboarding). */
export async function ownOrganization(db: DbOrTx, viewer: Pick<Viewer, 'organizationId'>): Promise<OrganizationRow> {
  const row = viewer.organizationId ? await findOrganization(db, viewer.organizationId) : undefined;
  if (!row) throw problem(404, messages.organizationNotFound);
  return row;
}

/** Onboarding step 1: the owner's organisation (409 when the owner already has one, checked under the owner's lock). */
export async function createOrganization(db: DbOrTx, viewer: Viewer, input: InferOutput<typeof organisationCreateSchema>): Promise<OrganizationRow> {
  // Row-level security: the new organisation's id is chosen here so that the transaction runs
  // in its scope (the owner has none yet): it can insert that organisation and attach itself.
  const id = randomUUID();
  return withScope(organizationScope(id, viewer.userId), () =>
    db.transaction(async (tx) => {
      // The owner row is locked: two parallel creations cannot both attach an organisation.
      const [owner] = await tx.select().from(users).where(eq(users.id, viewer.userId)).for('update');
      if (!owner || owner.organizationId) throw problem(409, messages.alreadyHasOrganization);
      const [row] = await tx.insert(organizations).values({ ...input, id }).returning();
      await tx.update(users).set({ organizationId: row!.id, updatedAt: new Date() }).where(eq(users.id, owner.id));
      await recordAudit(tx, { actorUserId: owner.id, action: 'organization.created', targetType: 'organization', targetId: row!.id });
      return row!;
    }),
  );
}

/** Optional text fields: an empty string clears them (stored as null). */
function blankToNull<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, value === '' ? null : value])) as T;
}

/** An owner's or an admin's edit (an admin's is audited); '' clears an optional field. */
export async function updateOrganization(db: DbOrTx, viewer: Viewer, current: OrganizationRow, update: OrganisationUpdate): Promise<OrganizationRow> {
  const changes = blankToNull(update);
  if (Object.keys(changes).length === 0) return current;
  return db.transaction(async (tx) => {
    // A rename rewrites the listings' copy of the name (a trigger): lock them first.
    if (changes.name !== undefined && changes.name !== current.name) await lockOrganizationListings(tx, current.id);
    const [row] = await tx
      .update(organizations)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(organizations.id, current.id))
      .returning();
    if (viewer.role === 'ADMIN') {
      await recordAudit(tx, {
        actorUserId: viewer.userId,
        action: 'organization.updated',
        targetType: 'organization',
        targetId: current.id,
        details: { fields: Object.keys(changes) },
      });
    }
    return row!;
  });
}

/** The admin's verification mark, audited. */
export async function setVerified(db: DbOrTx, viewer: Viewer, current: OrganizationRow, verified: boolean): Promise<OrganizationRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(organizations).set({ verified, updatedAt: new Date() }).where(eq(organizations.id, current.id)).returning();
    await recordAudit(tx, {
      actorUserId: viewer.userId,
      action: verified ? 'organization.verified' : 'organization.unverified',
      targetType: 'organization',
      targetId: current.id,
    });
    return row!;
  });
}

/** Archives an organisation and ends every session of its users at once (409 when already archived). */
export async function archiveOrganization(db: DbOrTx, viewer: Viewer, current: OrganizationRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(organizations).where(eq(organizations.id, current.id)).for('update');
    if (locked!.archivedAt) throw problem(409, messages.alreadyArchived);
    const now = new Date();
    await tx.update(organizations).set({ archivedAt: now, updatedAt: now }).where(eq(organizations.id, current.id));
    await revokeOrganizationSessions(tx, current.id);
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'organization.archived', targetType: 'organization', targetId: current.id });
  });
}

/**
 * The admin's credit grant (409 for an archived organisation), once per Idempotency-Key (the
 * header as sent: 1 to 200 characters, else 400; a new key when absent): a retry never grants
 * twice, a key reused for another amount is a 409.
 */
export async function grantCredits(
  db: DbOrTx,
  viewer: Viewer,
  current: OrganizationRow,
  grant: { credits: number; reason: string; idempotencyKey: unknown },
): Promise<OrganizationRow> {
  if (current.archivedAt) throw problem(409, messages.organizationIsArchived);
  const key = grant.idempotencyKey;
  if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > 200)) throw problem(400, messages.idempotencyKey);
  const { credits, reason } = grant;
  const reference = `admin-grant:${current.id}:${key ?? randomUUID()}`;
  return db.transaction(async (tx) => {
    const result = await appendLedgerLine(tx, { organizationId: current.id, kind: 'ADMIN_GRANT', amount: credits, reference, actorUserId: viewer.userId, reason });
    // A key names one grant: reused for another amount, it is a client mistake, not a retry.
    if (!result.created && result.line.amount !== credits) {
      throw problem(409, messages.idempotencyKeyReused, { type: PROBLEM_TYPES.idempotencyKeyReused });
    }
    if (result.created) {
      await recordAudit(tx, {
        actorUserId: viewer.userId,
        action: 'credits.granted',
        targetType: 'organization',
        targetId: current.id,
        details: { credits, balance: result.balance, reference, reason },
      });
    }
    const [row] = await tx.select().from(organizations).where(eq(organizations.id, current.id));
    return row!;
  });
}
