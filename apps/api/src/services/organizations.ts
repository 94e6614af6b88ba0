// Organisations as the API answers them (camelCase, CONTRACT §4), and the lookups routes share.
import { messages } from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import { organizations } from '../db/schema.js';
import { problem } from '../http/problem.js';
import { isUuid } from '../http/ids.js';

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
 * The organisation `id` if the caller may read it: admins any, members their own. Anything else
 * is a 404, as for an unknown id (another organisation's existence is never revealed).
 */
export async function readableOrganization(db: DbOrTx, request: FastifyRequest, id: string): Promise<OrganizationRow> {
  const { role, organizationId } = request.auth;
  if (role !== 'ADMIN' && organizationId !== id) throw problem(404, messages.organizationNotFound);
  const row = await findOrganization(db, id);
  if (!row) throw problem(404, messages.organizationNotFound);
  return row;
}
