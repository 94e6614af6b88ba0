// An organisation's carriers (transporteurs, issue 18): its owner (or an admin) adds, edits and
// archives them; its members read them and pick one for a load. Never deleted (archived).
//
// Locks: a creation inserts one row (the partial unique index on the active SIRET or identifier
// and the one on the Idempotency-Key settle races: a retried creation finds its row); an edit or
// an archive locks the carrier's row.
import {
  canManageCarriers,
  carrierColumns,
  carrierSchema,
  carrierUsableOn,
  messages,
  todayInParis,
  toCamelKeys,
  transferMessages,
  type Carrier,
  type ReceiptExemption,
  type TransportMode,
} from '@terres/domain';
import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { Viewer } from '../auth/context.js';
import type { DbOrTx } from '../db/index.js';
import { carriers } from '../db/schema.js';
import { bodyObject } from '../http/input.js';
import { isUuid } from '../http/ids.js';
import type { ListCount, Paging } from '../http/list-query.js';
import { problem } from '../http/problem.js';
import { uniqueViolation } from '../plugins/app/problems.js';
import { recordAudit } from './audit.js';
import { readableOrganization } from './organizations.js';

export type CarrierRow = typeof carriers.$inferSelect;

/** The domain's view of a stored carrier (what `carrierUsableOn` and the register read). */
export function toDomainCarrier(row: CarrierRow): Carrier & { archived: boolean } {
  return {
    countryCode: row.countryCode,
    siret: row.siret,
    identifier: row.identifier,
    name: row.name,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    transportMode: row.transportMode as TransportMode,
    receipt:
      row.receiptNumber && row.receiptDepartment && row.receiptValidUntil
        ? { number: row.receiptNumber, department: row.receiptDepartment, validUntil: row.receiptValidUntil }
        : null,
    exemption: (row.exemption as ReceiptExemption | null) ?? null,
    archived: row.archivedAt !== null,
  };
}

/** A carrier as answered, with whether it may be chosen for a load leaving today. */
export function toCarrier(row: CarrierRow, now = new Date()) {
  const usability = carrierUsableOn(toDomainCarrier(row), todayInParis(now));
  return {
    id: row.id,
    organizationId: row.organizationId,
    countryCode: row.countryCode,
    siret: row.siret,
    identifier: row.identifier,
    name: row.name,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    transportMode: row.transportMode as TransportMode,
    receiptNumber: row.receiptNumber,
    receiptDepartment: row.receiptDepartment,
    receiptValidUntil: row.receiptValidUntil,
    exemption: (row.exemption as ReceiptExemption | null) ?? null,
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    usable: usability.usable,
    unusableReason: usability.usable ? null : usability.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The body of a creation or an edit, checked by the domain's `carrierSchema` (422 per field). */
export function parseCarrierBody(body: unknown): Carrier {
  return v.parse(carrierSchema, toCamelKeys(bodyObject(body)));
}

/** 404 unless the viewer may read the organisation's list (its members, admins). */
async function organizationForCarriers(db: DbOrTx, viewer: Viewer, organizationId: string) {
  return readableOrganization(db, viewer, organizationId);
}

/**
 * 403 for a role that never edits carriers (an employee), before anything is read: the refusal
 * is the same whatever the id names (it never tells whether another organisation's exists).
 */
function assertManagerRole(viewer: Viewer): void {
  if (viewer.role !== 'OWNER' && viewer.role !== 'ADMIN') throw problem(403, messages.forbidden);
}

/** 403 for a member who may not edit this organisation's list; the organisation was read (404) before. */
function assertManager(viewer: Viewer, organizationId: string): void {
  if (!canManageCarriers(viewer, organizationId)) throw problem(403, messages.forbidden);
}

export async function listCarriers(
  db: DbOrTx,
  viewer: Viewer,
  organizationId: string,
  query: { includeArchived: boolean; words: readonly string[] | null; paging: Paging | null },
): Promise<{ rows: CarrierRow[]; count: ListCount }> {
  const organization = await organizationForCarriers(db, viewer, organizationId);
  const conditions: (SQL | undefined)[] = [eq(carriers.organizationId, organization.id)];
  if (!query.includeArchived) conditions.push(isNull(carriers.archivedAt));
  for (const word of query.words ?? []) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(carriers.name, like), ilike(carriers.siret, like), ilike(carriers.identifier, like), ilike(carriers.city, like)));
  }
  const where = and(...conditions);
  // By name, the archived ones (include_archived) after the active ones: pages read down in that order.
  const base = db.select().from(carriers).where(where).orderBy(sql`${carriers.archivedAt} is not null`, asc(carriers.name), asc(carriers.id));
  const rows = query.paging ? await base.limit(query.paging.pageSize).offset(query.paging.offset) : await base.limit(1000);
  const [total] = await db.select({ n: count() }).from(carriers).where(where);
  return { rows, count: { total: total?.n ?? rows.length, capped: false } };
}

/** A carrier the viewer may read (its organisation's members, admins), else a 404. */
export async function readableCarrier(db: DbOrTx, viewer: Pick<Viewer, 'role' | 'organizationId'>, id: string, options: { forUpdate?: boolean } = {}) {
  if (!isUuid(id)) throw problem(404, transferMessages.carrierNotFound);
  const query = db.select().from(carriers).where(eq(carriers.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row || (viewer.role !== 'ADMIN' && row.organizationId !== viewer.organizationId)) throw problem(404, transferMessages.carrierNotFound);
  return row;
}

function duplicateOr(error: unknown): never {
  if (uniqueViolation(error) === 'carriers_active_identity_unique') {
    throw problem(409, transferMessages.carrierDuplicate, { errors: { siret: transferMessages.carrierDuplicate } });
  }
  throw error;
}

/** Adds a carrier (owner of the organisation or admin); once per Idempotency-Key. */
export async function createCarrier(
  db: DbOrTx,
  viewer: Viewer,
  organizationId: string,
  input: { body: unknown; idempotencyKey: unknown },
): Promise<{ row: CarrierRow; created: boolean }> {
  assertManagerRole(viewer);
  const organization = await organizationForCarriers(db, viewer, organizationId);
  assertManager(viewer, organization.id);
  const key = parseIdempotencyKey(input.idempotencyKey);
  if (key) {
    const [earlier] = await db.select().from(carriers).where(and(eq(carriers.organizationId, organization.id), eq(carriers.idempotencyKey, key)));
    if (earlier) return { row: earlier, created: false };
  }
  if (organization.archivedAt) throw problem(409, transferMessages.carrierOrganizationArchived);
  const carrier = parseCarrierBody(input.body);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(carriers)
        .values({ organizationId: organization.id, ...carrierColumns(carrier), idempotencyKey: key, createdBy: viewer.userId })
        .returning();
      await recordAudit(tx, { actorUserId: viewer.userId, action: 'carrier.created', targetType: 'carrier', targetId: row!.id, details: { organizationId: organization.id } });
      return { row: row!, created: true };
    });
  } catch (error) {
    if (key && uniqueViolation(error) === 'carriers_idempotency_unique') {
      const [earlier] = await db.select().from(carriers).where(and(eq(carriers.organizationId, organization.id), eq(carriers.idempotencyKey, key)));
      if (earlier) return { row: earlier, created: false };
    }
    return duplicateOr(error);
  }
}

/** Edits a carrier in place (owner or admin; loads keep their copy); 409 once archived. */
export async function updateCarrier(db: DbOrTx, viewer: Viewer, id: string, body: unknown): Promise<CarrierRow> {
  assertManagerRole(viewer);
  const current = await readableCarrier(db, viewer, id);
  assertManager(viewer, current.organizationId);
  const carrier = parseCarrierBody(body);
  try {
    return await db.transaction(async (tx) => {
      const locked = await readableCarrier(tx, viewer, id, { forUpdate: true });
      if (locked.archivedAt) throw problem(409, transferMessages.carrierArchivedNotEditable);
      const [row] = await tx.update(carriers).set({ ...carrierColumns(carrier), updatedAt: new Date() }).where(eq(carriers.id, locked.id)).returning();
      await recordAudit(tx, { actorUserId: viewer.userId, action: 'carrier.updated', targetType: 'carrier', targetId: locked.id });
      return row!;
    });
  } catch (error) {
    return duplicateOr(error);
  }
}

/** Archives a carrier (owner or admin); an archived one is answered as it is. */
export async function archiveCarrier(db: DbOrTx, viewer: Viewer, id: string): Promise<CarrierRow> {
  assertManagerRole(viewer);
  const current = await readableCarrier(db, viewer, id);
  assertManager(viewer, current.organizationId);
  return db.transaction(async (tx) => {
    const locked = await readableCarrier(tx, viewer, id, { forUpdate: true });
    if (locked.archivedAt) return locked;
    const now = new Date();
    const [row] = await tx.update(carriers).set({ archivedAt: now, updatedAt: now }).where(eq(carriers.id, locked.id)).returning();
    await recordAudit(tx, { actorUserId: viewer.userId, action: 'carrier.archived', targetType: 'carrier', targetId: locked.id });
    return row!;
  });
}

/** The Idempotency-Key header as sent: 1 to 200 characters (else 400), or null when absent. */
export function parseIdempotencyKey(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) throw problem(400, messages.idempotencyKey);
  return value;
}
