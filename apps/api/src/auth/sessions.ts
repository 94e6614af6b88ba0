// Sessions (CONTRACT §6): each sign-in opens a family; its refresh token (30 days) is rotated at
// every refresh; presenting an already rotated token revokes the whole family, except within a
// short grace window after its rotation, where it answers the same new pair again (two tabs
// refreshing at once). Access tokens name their family and `app.authenticate` checks it on every
// call, so revoking a family (logout, reuse, archiving) cuts its access tokens at once.
import { messages, PROBLEM_TYPES } from '@terres/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/index.js';
import { organizations, refreshTokens, sessionFamilies, users } from '../db/schema.js';
import { problem, type HttpProblem } from '../http/problem.js';
import type { Role } from './context.js';
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS, signAccessToken, successorRefreshToken } from './tokens.js';

/** A refusal decided inside a transaction that must commit first (then thrown as a problem). */
export interface Refusal {
  status: number;
  detail: string;
  /** A precise problem type (`PROBLEM_TYPES`), when the status alone does not say it. */
  type?: string;
}

/** The archived organisation's 403, with its own type: clients end the session on it. */
export const ORGANIZATION_ARCHIVED: Refusal = {
  status: 403,
  detail: messages.organizationArchived,
  type: PROBLEM_TYPES.organizationArchived,
};

export function refusalProblem(refusal: Refusal): HttpProblem {
  return problem(refusal.status, refusal.detail, refusal.type === undefined ? {} : { type: refusal.type });
}

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

type RefreshRow = typeof refreshTokens.$inferSelect;

/**
 * The login answer for a stored refresh token row and its token in clear. The access token is
 * signed with the row's creation time as `iat`, so the same row always gives the same pair.
 */
export async function sessionAnswer(
  secret: string,
  user: UserRow,
  row: Pick<RefreshRow, 'familyId' | 'createdAt' | 'expiresAt'>,
  refreshToken: string,
): Promise<LoginResponse> {
  const access = await signAccessToken(
    secret,
    { userId: user.id, sessionId: row.familyId, role: user.role as Role, organizationId: user.organizationId },
    row.createdAt,
  );
  return {
    accessToken: access.token,
    refreshToken,
    accessTokenExpirationDate: access.expiresAt.toISOString(),
    refreshTokenExpirationDate: row.expiresAt.toISOString(),
    user: toSessionUser(user),
  };
}

async function issueTokens(
  tx: Tx,
  secret: string,
  user: UserRow,
  familyId: string,
  now: Date,
  refresh: { token: string; hash: string } = newRefreshToken(),
): Promise<{ session: LoginResponse; row: RefreshRow }> {
  const [row] = await tx
    .insert(refreshTokens)
    .values({
      familyId,
      userId: user.id,
      tokenHash: refresh.hash,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    })
    .returning();
  return { session: await sessionAnswer(secret, user, row!, refresh.token), row: row! };
}

/** Opens a new session family for the user. */
export async function openSession(tx: Tx, secret: string, user: UserRow, now = new Date()): Promise<LoginResponse> {
  const [family] = await tx.insert(sessionFamilies).values({ userId: user.id, createdAt: now }).returning();
  return (await issueTokens(tx, secret, user, family!.id, now)).session;
}

export type RefreshOutcome = { ok: true; session: LoginResponse } | ({ ok: false } & Refusal);

export interface RotateOptions {
  adminEmails: readonly string[];
  /**
   * For this long after a rotation, the replaced token answers its successor pair again (two
   * tabs refreshing at once), as long as that successor was not rotated itself. 0: never.
   */
  graceSeconds: number;
  now?: Date;
}

/**
 * Rotates a refresh token. A reused (already rotated) token revokes its family, unless it comes
 * back within the grace window and its successor is still the family's newest token: then the
 * answer is that successor's pair again (idempotent). The token's row lock orders parallel
 * refreshes of one token: the second sees the first's rotation committed. The caller must commit
 * a revocation before answering 401, so the outcome is returned rather than thrown.
 */
export async function rotateRefreshToken(tx: Tx, secret: string, token: string, options: RotateOptions): Promise<RefreshOutcome> {
  const { adminEmails, graceSeconds, now = new Date() } = options;
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .for('update');
  if (!row) return { ok: false, status: 401, detail: messages.sessionExpired };
  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  if (!user || user.archivedAt) return { ok: false, status: 401, detail: messages.sessionExpired };
  if (!adminStillListed(user, adminEmails)) return { ok: false, status: 401, detail: messages.adminRevoked };
  // Archiving revoked the family too: say why rather than 'expired'.
  if (await inArchivedOrganization(tx, user)) return { ok: false, ...ORGANIZATION_ARCHIVED };
  const [family] = await tx.select().from(sessionFamilies).where(eq(sessionFamilies.id, row.familyId)).for('update');
  if (!family || family.revokedAt) return { ok: false, status: 401, detail: messages.sessionExpired };
  if (row.rotatedAt) {
    const replay = await graceReplay(tx, secret, token, row, user, graceSeconds, now);
    if (replay) return { ok: true, session: replay };
    await tx
      .update(sessionFamilies)
      .set({ revokedAt: now, revokedReason: 'REFRESH_TOKEN_REUSE' })
      .where(eq(sessionFamilies.id, family.id));
    return { ok: false, status: 401, detail: messages.sessionExpired };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, status: 401, detail: messages.sessionExpired };

  const next = await issueTokens(tx, secret, user, family.id, now, successorRefreshToken(secret, token));
  await tx.update(refreshTokens).set({ rotatedAt: now, replacedById: next.row.id }).where(eq(refreshTokens.id, row.id));
  return { ok: true, session: next.session };
}

/**
 * The successor's pair when `row` (rotated) comes back within the grace window and its successor
 * is live and not rotated itself; otherwise undefined (real reuse: the caller revokes).
 */
async function graceReplay(
  tx: Tx,
  secret: string,
  token: string,
  row: RefreshRow,
  user: UserRow,
  graceSeconds: number,
  now: Date,
): Promise<LoginResponse | undefined> {
  if (!row.rotatedAt || !row.replacedById || graceSeconds <= 0) return undefined;
  if (now.getTime() - row.rotatedAt.getTime() > graceSeconds * 1000) return undefined;
  const [successor] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedById)).for('update');
  if (!successor || successor.rotatedAt || successor.expiresAt.getTime() <= now.getTime()) return undefined;
  const expected = successorRefreshToken(secret, token);
  if (expected.hash !== successor.tokenHash) return undefined;
  return sessionAnswer(secret, user, successor, expected.token);
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
