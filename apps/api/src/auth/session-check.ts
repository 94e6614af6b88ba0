// The session check of every signed-in request (src/plugins/app/auth.ts): the session family, its
// user and the user's organisation, in one statement. A route whose first read is one row (the
// listing read, GET /inquiries/{id}) may join that row to the same statement when the session is
// not in the read cache: one round trip instead of two (issue 23, uncached reads).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { organizations, sessionFamilies, users } from '../db/schema.js';

/** The columns the check reads. */
export const sessionColumns = {
  userId: users.id,
  email: users.email,
  role: users.role,
  organizationId: users.organizationId,
  userArchivedAt: users.archivedAt,
  organizationArchivedAt: organizations.archivedAt,
  familyUserId: sessionFamilies.userId,
  familyRevokedAt: sessionFamilies.revokedAt,
};

/**
 * The session `sessionId` (a placeholder) with its user and organisation. A statement that joins
 * another row to the check (services/inquiries.ts, `sessionWithListing`) repeats these joins.
 */
export function sessionCheckQuery(db: DbOrTx) {
  return db
    .select(sessionColumns)
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sessionFamilies.id, sql.placeholder('sessionId')));
}

/** The session check's row. */
export interface SessionRow {
  userId: string;
  email: string;
  role: string;
  organizationId: string | null;
  userArchivedAt: Date | null;
  organizationArchivedAt: Date | null;
  familyUserId: string;
  familyRevokedAt: Date | null;
}

/** What a route's read gives `app.authenticateWith`: the session row, if any, and its own part. */
export interface SessionAlong<T> {
  session: SessionRow | undefined;
  read: T;
}
