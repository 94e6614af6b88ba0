// Users as the API answers them (CONTRACT §5 login response `user`, and collaborators).
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@terres/domain';
import type { DbOrTx } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import { invitations, users } from '../db/schema.js';
import { toSessionUser } from '../auth/sessions.js';

export type UserRow = typeof users.$inferSelect;

export const toUser = toSessionUser;

export function fullNameOf(user: { firstName: string | null; lastName: string | null }): string | null {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? null : name;
}

export function toMember(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullNameOf(user),
    role: user.role as Role,
    pending: false,
  };
}

/** A pending invitation as a row of the members list: no name yet, 'Renvoyer' applies to it. */
export function toPendingMember(invitation: { id: string; email: string }) {
  return {
    id: invitation.id,
    email: invitation.email,
    firstName: null,
    lastName: null,
    fullName: null,
    role: 'EMPLOYEE' as const,
    pending: true,
  };
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [user] = await prepared(db, 'user_by_email', (db, name) => db.select().from(users).where(eq(users.emailKey, sql.placeholder('email'))).prepare(name)).execute({
    email: email.toLowerCase(),
  });
  return user;
}

/** Active employees of an organisation (the owner is not one). */
export async function countEmployees(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'EMPLOYEE'), isNull(users.archivedAt)));
  return row?.n ?? 0;
}

/**
 * The members list of an organisation: its non-archived users, oldest first, then its pending
 * invitations (`pending: true`). Read by its members (collaborators page) and by admins
 * (organisation detail).
 */
export async function listOrganizationMembers(db: DbOrTx, organizationId: string) {
  const members = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), isNull(users.archivedAt)))
    .orderBy(asc(users.createdAt));
  const pending = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(asc(invitations.createdAt));
  return [...members.map(toMember), ...pending.map(toPendingMember)];
}
