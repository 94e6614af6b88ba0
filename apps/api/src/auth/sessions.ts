// Sessions (CONTRACT §6): each sign-in opens a family; its refresh token (30 days) is rotated at
// every refresh; presenting an already rotated token revokes the whole family. Access tokens
// name their family and `app.authenticate` checks it on every call, so revoking a family (logout,
// reuse, archiving) cuts its access tokens at once.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/index.js';
import { organizations, refreshTokens, sessionFamilies, users } from '../db/schema.js';
import type { Role } from './context.js';
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS, signAccessToken } from './tokens.js';

export const SESSION_EXPIRED_DETAIL = 'Session expirée. Veuillez vous reconnecter.';
export const ORGANIZATION_ARCHIVED_DETAIL = 'Votre organisation a été archivée.';
export const ACCOUNT_ARCHIVED_DETAIL = "Votre compte a été désactivé. Contactez le responsable de votre organisation.";
export const ADMIN_REVOKED_DETAIL = "Ce compte n'a plus accès à l'administration de Bourse aux terres.";

/**
 * ADMIN_EMAILS is the only source of the ADMIN role: an admin account whose address was taken off
 * the list keeps its row (audit history) but can no longer sign in or call the API.
 */
export function adminStillListed(user: { role: string; email: string }, adminEmails: readonly string[]): boolean {
  return user.role !== 'ADMIN' || adminEmails.includes(user.email.toLowerCase());
}

type UserRow = typeof users.$inferSelect;

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  organizationId: string | null;
}

export interface LoginResponse {
  accessToken: string;
  refreshToken: string;
  accessTokenExpirationDate: string;
  refreshTokenExpirationDate: string;
  user: SessionUser;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role as Role,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    organizationId: user.organizationId,
  };
}

/** True when the user belongs to an archived organisation (their access is closed). */
export async function inArchivedOrganization(db: DbOrTx, user: { organizationId: string | null }): Promise<boolean> {
  if (!user.organizationId) return false;
  const [organization] = await db
    .select({ archivedAt: organizations.archivedAt })
    .from(organizations)
    .where(eq(organizations.id, user.organizationId));
  return Boolean(organization?.archivedAt);
}

async function issueTokens(tx: Tx, secret: string, user: UserRow, familyId: string, now: Date): Promise<LoginResponse> {
  const refresh = newRefreshToken();
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await tx.insert(refreshTokens).values({
    familyId,
    userId: user.id,
    tokenHash: refresh.hash,
    expiresAt: refreshExpiresAt,
    createdAt: now,
  });
  const access = await signAccessToken(secret, { userId: user.id, sessionId: familyId, role: user.role as Role }, now);
  return {
    accessToken: access.token,
    refreshToken: refresh.token,
    accessTokenExpirationDate: access.expiresAt.toISOString(),
    refreshTokenExpirationDate: refreshExpiresAt.toISOString(),
    user: toSessionUser(user),
  };
}

/** Opens a new session family for the user. */
export async function openSession(tx: Tx, secret: string, user: UserRow, now = new Date()): Promise<LoginResponse> {
  const [family] = await tx.insert(sessionFamilies).values({ userId: user.id, createdAt: now }).returning();
  return issueTokens(tx, secret, user, family!.id, now);
}

export type RefreshOutcome = { ok: true; session: LoginResponse } | { ok: false; status: 401 | 403; detail: string };

/**
 * Rotates a refresh token. A reused (already rotated) token revokes its family; the caller must
 * commit that before answering 401, so the outcome is returned rather than thrown.
 */
export async function rotateRefreshToken(
  tx: Tx,
  secret: string,
  token: string,
  adminEmails: readonly string[],
  now = new Date(),
): Promise<RefreshOutcome> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .for('update');
  if (!row) return { ok: false, status: 401, detail: SESSION_EXPIRED_DETAIL };
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  if (!user || user.archivedAt) return { ok: false, status: 401, detail: SESSION_EXPIRED_DETAIL };
  if (!adminStillListed(user, adminEmails)) return { ok: false, status: 401, detail: ADMIN_REVOKED_DETAIL };
  // Archiving revoked the family too: say why rather than 'expired'.
  if (await inArchivedOrganization(tx, user)) return { ok: false, status: 403, detail: ORGANIZATION_ARCHIVED_DETAIL };
  const [family] = await tx.select().from(sessionFamilies).where(eq(sessionFamilies.id, row.familyId)).for('update');
  if (!family || family.revokedAt) return { ok: false, status: 401, detail: SESSION_EXPIRED_DETAIL };
  if (row.rotatedAt) {
    await tx
      .update(sessionFamilies)
      .set({ revokedAt: now, revokedReason: 'REFRESH_TOKEN_REUSE' })
      .where(eq(sessionFamilies.id, family.id));
    return { ok: false, status: 401, detail: SESSION_EXPIRED_DETAIL };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, status: 401, detail: SESSION_EXPIRED_DETAIL };

  await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
  return { ok: true, session: await issueTokens(tx, secret, user, family.id, now) };
}

/** Revokes the family of this refresh token, if it belongs to the user. */
export async function revokeRefreshTokenFamily(db: DbOrTx, userId: string, token: string, reason = 'LOGOUT'): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashRefreshToken(token)), eq(refreshTokens.userId, userId)));
  if (row) await revokeFamilies(db, [row.familyId], reason);
}

export async function revokeFamilies(db: DbOrTx, familyIds: string[], reason: string): Promise<void> {
  if (familyIds.length === 0) return;
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(inArray(sessionFamilies.id, familyIds), isNull(sessionFamilies.revokedAt)));
}

/** Every live session of the user ends now (collaborator removed). */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason = 'USER_ARCHIVED'): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
}

/** Every live session of every user of the organisation ends now (organisation archived). */
export async function revokeOrganizationSessions(db: DbOrTx, organizationId: string, reason = 'ORGANIZATION_ARCHIVED'): Promise<void> {
  const members = db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId));
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(inArray(sessionFamilies.userId, members), isNull(sessionFamilies.revokedAt)));
}
