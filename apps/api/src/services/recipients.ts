// Who a notice about an organisation or the platform goes to: read once here for the matching
// alerts, the transfers' notices, the listings' statuses and the documents the platform sends.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { organizations, users } from '../db/schema.js';
import type { Recipient } from './notifications.js';

/** The active users of an organisation that is not archived (none once it is). */
export async function organizationRecipients(db: DbOrTx, organizationId: string): Promise<Recipient[]> {
  return db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.organizationId, organizationId), isNull(users.archivedAt), isNull(organizations.archivedAt)));
}

/** Admin accounts that may still sign in (their address is in ADMIN_EMAILS). */
export async function adminRecipients(db: DbOrTx, adminEmails: readonly string[]): Promise<Recipient[]> {
  if (adminEmails.length === 0) return [];
  return db
    .select({ userId: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), isNull(users.archivedAt), inArray(users.emailKey, [...adminEmails])));
}
