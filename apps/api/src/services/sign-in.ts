// Passwordless sign-in (CONTRACT §6), everything but HTTP: codes for login, registration and an
// invitation (an admin account made on its first request, a code nobody receives for an unknown
// login address), the code check that opens a session (registering an owner or joining the
// inviting organisation on the way), refresh and logout. Runs across organisations (the route's
// scope is `sign-in`). Locks: the code check holds the address's lock (auth/codes.ts), then the
// invitation's row, then the organisation's, so parallel acceptances cannot pass the limit.
import { MAX_COLLABORATORS, messages, PROBLEM_TYPES } from '@terres/domain';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { codeMatches, consumeCode, countWrongGuess, issueCode, lockAddress, readCodeCheck, withdrawCode, type CodePurpose, type CodeRow } from '../auth/codes.js';
import {
  adminStillListed,
  inArchivedOrganization,
  openSession,
  ORGANIZATION_ARCHIVED,
  sessionAnswer,
  refusalProblem,
  revokeFamilies,
  rotateRefreshToken,
  type LoginResponse,
  type Refusal,
} from '../auth/sessions.js';
import type { RateLimiter } from '../auth/rate-limit.js';
import { newRefreshToken, REFRESH_TOKEN_TTL_SECONDS, type InvitationClaims } from '../auth/tokens.js';
import { prepared, rawStatement } from '../db/prepared.js';
import type { Db, Tx } from '../db/index.js';
import { invitations, oneTimeCodes, organizations, refreshTokens, sessionFamilies, users } from '../db/schema.js';
import { problem } from '../http/problem.js';
import { accessClosedEmail, codeEmail, unknownAddressEmail } from '../mail/templates/auth.js';
import { portalLinks } from './links.js';
import { countEmployees, findUserByEmail, type UserRow } from './users.js';

type App = Pick<FastifyInstance, 'db' | 'mailer' | 'config'>;

/** Who asks for a code: the address (lower-cased), the client's IP and its known device, if any. */
export interface CodeRequest {
  email: string;
  ip: string;
  deviceId: string | undefined;
}

type AccountState = 'active' | 'unknown' | 'closed';

async function accountState(db: Db, user: UserRow | undefined, adminEmails: readonly string[]): Promise<AccountState> {
  if (!user) return 'unknown';
  if (user.archivedAt || !adminStillListed(user, adminEmails)) return 'closed';
  if (await inArchivedOrganization(db, user)) return 'closed';
  return 'active';
}

/** An address of ADMIN_EMAILS gets its ADMIN account on its first code request. */
async function ensureAdmin(db: Db, email: string, adminEmails: readonly string[]): Promise<void> {
  if (!adminEmails.includes(email)) return;
  await db.execute(sql`insert into users (email, role) values (${email}, 'ADMIN') on conflict (email_key) do nothing`);
}

/** Sends a code request's e-mail; on failure the code is withdrawn (so no cooldown) and 503. */
async function send(app: App, log: FastifyBaseLogger, codeId: string, to: string, mail: { subject: string; text: string; html: string }) {
  try {
    await app.mailer.send({ to, ...mail });
  } catch (error) {
    log.error({ err: error }, 'e-mail not sent');
    await withdrawCode(app.db, codeId);
    throw problem(503, messages.mailFailed);
  }
}

/**
 * A login or registration code. Login for an unknown address stores a code nobody receives, so
 * the answer and the cooldown are the same as for a known one (no account enumeration); a closed
 * account is told so, an unknown one pointed to registration.
 */
export async function sendSignInCode(app: App, log: FastifyBaseLogger, request: CodeRequest, purpose: Exclude<CodePurpose, 'INVITATION'>): Promise<void> {
  const { config } = app;
  const { email } = request;
  await ensureAdmin(app.db, email, config.adminEmails);
  const state = await accountState(app.db, await findUserByEmail(app.db, email), config.adminEmails);
  const deliverable = state === 'active' || (purpose === 'REGISTER' && state === 'unknown');
  const { code, id } = await issueCode(app.db, config.authSecret, { email, purpose, deliverable, ip: request.ip, deviceId: request.deviceId });
  if (deliverable) await send(app, log, id, email, codeEmail(code, purpose));
  else if (state === 'closed') await send(app, log, id, email, accessClosedEmail());
  else await send(app, log, id, email, unknownAddressEmail(portalLinks(config).register()));
}

/**
 * An invitation's code, mailed to the invited address: 400 when the invitation is no longer
 * pending, the archived organisation's 403, 409 when the address already has an active account.
 */
export async function sendInvitationCode(app: App, log: FastifyBaseLogger, claims: InvitationClaims, request: Omit<CodeRequest, 'email'>): Promise<void> {
  const [invitation] = await app.db.select().from(invitations).where(eq(invitations.id, claims.invitationId));
  if (
    !invitation ||
    invitation.organizationId !== claims.organizationId ||
    invitation.email !== claims.email ||
    invitation.revokedAt ||
    invitation.acceptedAt
  ) {
    throw problem(400, messages.invitationNoLongerValid);
  }
  const [organization] = await app.db.select().from(organizations).where(eq(organizations.id, invitation.organizationId));
  if (!organization || organization.archivedAt) throw refusalProblem(ORGANIZATION_ARCHIVED);
  const existing = await findUserByEmail(app.db, claims.email);
  if (existing && !existing.archivedAt) throw problem(409, messages.accountExists, { type: PROBLEM_TYPES.emailTaken });
  const { code, id } = await issueCode(app.db, app.config.authSecret, {
    email: claims.email,
    purpose: 'INVITATION',
    invitationId: invitation.id,
    ip: request.ip,
    deviceId: request.deviceId,
  });
  await send(app, log, id, claims.email, codeEmail(code, 'INVITATION'));
}

/** A sign-in's session, and whether its answer must wait for the change feed's settle. */
export interface VerifiedCode {
  session: LoginResponse;
  /**
   * False when the sign-in changed no row a read cache keeps (a code, a new session family and
   * its refresh token: only updates and deletes of users, organisations, session families and
   * listings are announced, migration 0015): nothing any process keeps can be stale.
   */
  settle: boolean;
}

/** A code check: the address, the code given, the browser's known device, and the per-IP limit it counts in. */
export interface VerifyCodeInput {
  email: string;
  otp: string;
  deviceId: string | undefined;
  /** The check's hit, counted in the code's read (a refused hit: the limiter's 429, nothing read). */
  limit: { limiter: RateLimiter; subject: string };
}

/**
 * Checks a code and opens a session (issue 23: the sign-in's hot path). Two statements, no
 * transaction, when the code is a login's (or a registration's) for an account that may sign in:
 * 1. `readCodeCheck`: the per-IP hit, and the live code of the address (a known device's first)
 *    and its account;
 * 2. the code compared in the process (HMAC, constant time);
 * 3. a wrong guess: `countWrongGuess` (atomic, the 5th voids the code); a right one: one
 *    statement that consumes the code if it is still live, opens the session family and stores
 *    its refresh token (`openSessionWithCode`): two parallel right answers make one session.
 * Any other right code (a registration that makes the account, an invitation, an account that
 * may not sign in) is consumed in one transaction under the address's lock, which makes the
 * account (a registration: OWNER; an invitation: EMPLOYEE, or reactivates a removed one) and the
 * session, or refuses: the refusal is thrown once the code's consumption has committed.
 */
export async function verifyCode(app: Pick<App, 'db' | 'config'>, input: VerifyCodeInput): Promise<VerifiedCode> {
  const { config } = app;
  const { email, limit } = input;
  const now = new Date();
  const hit = limit.limiter.hitValues(limit.subject, now.getTime());
  const { hits, checked } = await readCodeCheck(app.db, email, input.deviceId ?? null, now, hit);
  await limit.limiter.settle(hit, hits, now.getTime());
  if (!checked) throw refusalProblem({ status: 400, detail: messages.expiredCode });
  if (!codeMatches(config.authSecret, email, input.otp, checked.code)) {
    throw refusalProblem({ status: 400, detail: await countWrongGuess(app.db, checked.code, now) });
  }
  const { code, user: known } = checked;
  if (code.purpose !== 'INVITATION' && known && !known.archivedAt && adminStillListed(known, config.adminEmails) && !checked.organizationArchivedAt) {
    const session = await openSessionWithCode(app.db, config.authSecret, code, known, now);
    if (!session) throw refusalProblem({ status: 400, detail: messages.expiredCode });
    return { session, settle: false };
  }

  type Outcome = { session: LoginResponse } | Refusal;
  const outcome: Outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    // Parallel right answers of two budgets (a known device's and the strangers') for one new
    // address: one makes the account, the other then finds it.
    await lockAddress(tx, email);
    if (!(await consumeCode(tx, code, now))) return { status: 400, detail: messages.expiredCode };
    let user = await findUserByEmail(tx, email);

    if (code.purpose === 'REGISTER' && !user) {
      [user] = await tx.insert(users).values({ email, role: 'OWNER' }).returning();
    }

    if (code.purpose === 'INVITATION') {
      const joined = await joinInvitingOrganization(tx, email, code.invitationId, user);
      if ('status' in joined) return joined;
      user = joined.user;
    }

    if (!user) return { status: 400, detail: messages.wrongCode };
    if (user.archivedAt) return { status: 403, detail: messages.accountArchived };
    if (!adminStillListed(user, config.adminEmails)) return { status: 403, detail: messages.adminRevoked };
    if (await inArchivedOrganization(tx, user)) return ORGANIZATION_ARCHIVED;
    return { session: await openSession(tx, config.authSecret, user, now) };
  });
  if ('detail' in outcome) throw refusalProblem(outcome);
  return { session: outcome.session, settle: true };
}

/**
 * One statement (prepared): consumes the code if it is still live, opens the user's session
 * family and stores its refresh token; then the pair is signed. Undefined when the code was no
 * longer live (a parallel right answer consumed it, a wrong guess voided it): nothing opened.
 */
async function openSessionWithCode(db: Db, secret: string, code: Pick<CodeRow, 'id'>, user: UserRow, now: Date): Promise<LoginResponse | undefined> {
  const refresh = newRefreshToken();
  const row = { id: randomUUID(), familyId: randomUUID(), createdAt: now, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000) };
  const p = (key: string) => sql.placeholder(key);
  const { rows } = await prepared(db, 'otp_open_session', (db, name) =>
    rawStatement<{ opened: number }>(
      db,
      name,
      sql`with consumed as (
            update ${oneTimeCodes} set consumed_at = ${p('now')}::timestamptz
            where id = ${p('codeId')}::uuid and consumed_at is null and voided_at is null
            returning id
          ), family as (
            insert into ${sessionFamilies} (id, user_id, created_at)
            select ${p('familyId')}::uuid, ${p('userId')}::uuid, ${p('now')}::timestamptz from consumed
            returning id
          ), token as (
            insert into ${refreshTokens} (id, family_id, user_id, token_hash, expires_at, created_at)
            select ${p('tokenId')}::uuid, family.id, ${p('userId')}::uuid, ${p('tokenHash')}::text, ${p('expiresAt')}::timestamptz, ${p('now')}::timestamptz from family
            returning id
          )
          select count(*)::int as opened from token`,
    ),
  ).execute({
    codeId: code.id,
    familyId: row.familyId,
    userId: user.id,
    tokenId: row.id,
    tokenHash: refresh.hash,
    expiresAt: row.expiresAt.toISOString(),
    now: now.toISOString(),
  });
  if (Number(rows[0]?.opened ?? 0) !== 1) return undefined;
  return sessionAnswer(secret, user, row, refresh.token);
}

/**
 * The invited address becomes an EMPLOYEE of the inviting organisation (at most
 * MAX_COLLABORATORS), under a lock on the organisation so parallel acceptances cannot pass the
 * limit. A removed collaborator's account is reactivated; an active account elsewhere cannot join.
 */
async function joinInvitingOrganization(
  tx: Tx,
  email: string,
  invitationId: string | null,
  existing: UserRow | undefined,
): Promise<{ user: UserRow } | Refusal> {
  if (!invitationId) return { status: 400, detail: messages.invitationNoLongerValid };
  const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, invitationId)).for('update');
  if (!invitation || invitation.revokedAt || invitation.acceptedAt || invitation.email !== email) {
    return { status: 400, detail: messages.invitationNoLongerValid };
  }
  const [organization] = await tx.select().from(organizations).where(eq(organizations.id, invitation.organizationId)).for('update');
  if (!organization || organization.archivedAt) return ORGANIZATION_ARCHIVED;
  if (existing && !existing.archivedAt) return { status: 409, detail: messages.accountExists, type: PROBLEM_TYPES.emailTaken };
  if ((await countEmployees(tx, organization.id)) >= MAX_COLLABORATORS) {
    return { status: 409, detail: messages.inviteMax, type: PROBLEM_TYPES.collaboratorLimit };
  }

  const now = new Date();
  let user: UserRow | undefined;
  if (existing) {
    [user] = await tx
      .update(users)
      .set({ role: 'EMPLOYEE', organizationId: organization.id, archivedAt: null, updatedAt: now })
      .where(eq(users.id, existing.id))
      .returning();
  } else {
    [user] = await tx.insert(users).values({ email, role: 'EMPLOYEE', organizationId: organization.id }).returning();
  }
  await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
  return { user: user! };
}

/** A new token pair for a refresh token (rotated; a reused one revokes its family). */
export async function refreshSession(app: Pick<App, 'db' | 'config'>, token: string): Promise<LoginResponse> {
  const { config } = app;
  const outcome = await app.db.transaction((tx) =>
    rotateRefreshToken(tx, config.authSecret, token, { adminEmails: config.adminEmails, graceSeconds: config.refreshReuseGraceSeconds }),
  );
  if (!outcome.ok) throw refusalProblem(outcome);
  return outcome.session;
}

/** Logout: the caller's session (its family of refresh tokens) ends. */
export async function signOut(db: Db, viewer: { userId: string; sessionId: string }): Promise<void> {
  await revokeFamilies(db, [viewer.sessionId], 'LOGOUT');
}
