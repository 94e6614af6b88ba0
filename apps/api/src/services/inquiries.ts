// Listings (annonces) as the API answers them (CONTRACT §8), and the access rule every listing
// endpoint shares: admins see all; owners and employees their organisation's; anything else,
// like a deleted draft, is a 404 (another organisation's listing is never revealed).
import { COST_TABLE, inquiryCost, type InquiryType } from '@terres/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/index.js';
import { inquiries } from '../db/schema.js';
import { problem } from '../http/problem.js';
import { isUuid } from '../http/ids.js';

export type InquiryRow = typeof inquiries.$inferSelect;

export const INQUIRY_NOT_FOUND_DETAIL = 'Erreur : annonce introuvable.';

/** Credits the listing costs: the domain formula, or the base price while the surface is unknown. */
export function costOf(type: string, surfaceHa: number | null): number {
  return inquiryCost(type, surfaceHa) ?? COST_TABLE[type as InquiryType]?.base ?? 0;
}

export function toInquiry(row: InquiryRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    type: row.type as InquiryType,
    status: row.status,
    projectName: row.projectName,
    projectOwnerFirstName: row.projectOwnerFirstName,
    projectOwnerLastName: row.projectOwnerLastName,
    projectOwnerStreet: row.projectOwnerStreet,
    projectOwnerPostcode: row.projectOwnerPostcode,
    projectOwnerCity: row.projectOwnerCity,
    projectOwnerSiret: row.projectOwnerSiret,
    siteAddress: row.siteAddress,
    siteLatitude: row.siteLatitude,
    siteLongitude: row.siteLongitude,
    parcelNumbers: row.parcelNumbers,
    quantity: row.quantity,
    materials: row.materials,
    groundTypeUnknown: row.groundTypeUnknown,
    soilStudyDelegation: row.soilStudyDelegation,
    acceptCertification: row.acceptCertification,
    startDate: row.startDate,
    endDate: row.endDate,
    cost: row.cost ?? costOf(row.type, row.quantity),
    // The reason belongs to the refusal: once resubmitted, the listing no longer shows it.
    rejectionReason: row.status === 'REJECTED' ? row.rejectionReason : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}


/** The listing if the caller may see it, else a 404; `forUpdate` locks its row (inside a transaction). */
export async function readableInquiry(
  db: DbOrTx,
  request: FastifyRequest,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<InquiryRow> {
  if (!isUuid(id)) throw problem(404, INQUIRY_NOT_FOUND_DETAIL);
  const query = db
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.id, id), isNull(inquiries.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  const { role, organizationId } = request.auth;
  if (!row || (role !== 'ADMIN' && row.organizationId !== organizationId)) throw problem(404, INQUIRY_NOT_FOUND_DETAIL);
  return row;
}
