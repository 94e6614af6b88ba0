// Passwordless sign-in (CONTRACT §6), everything but HTTP: codes for login, registration and an
// invitation (an admin account made on its first request, a code nobody receives for an unknown
// login address), the code check that opens a session (registering an owner or joining the
// inviting organisation on the way), refresh and logout. Runs across organisations (the route's
// scope is `sign-in`). Locks: the code check holds the address's lock (auth/codes.ts), then the
// invitation's row, then the organisation's, so parallel acceptances cannot pass the limit.
import { MAX_COLLABORATORS, messages, PROBLEM_TYPES } from '@terres/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { checkCode, issueCode, withdrawCode, type CodePurpose } from '../auth/codes.js';
import {
  adminStillListed,
  inArchivedOrganization,
  openSession,
  ORGANIZATION_ARCHIVED,
  refusalProblem,
  revokeFamilies,
  rotateRefreshToken,
  type LoginResponse,
  type Refusal,
} from '../auth/sessions.js';
import type { InvitationClaims } from '../auth/tokens.js';
import type { Db, Tx } from '../db/index.js';
import { invitations, organizations, users } from '../db/schema.js';
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

/**
 * Checks a code and opens a session, in one transaction: a registration makes the OWNER account,
 * an invitation the EMPLOYEE (or reactivates a removed one). A refusal decided inside is thrown
 * once the transaction has committed (a wrong guess must count).
 */
export async function verifyCode(app: Pick<App, 'db' | 'config'>, input: { email: string; otp: string; deviceId: string | undefined }): Promise<LoginResponse> {
  const { config } = app;
  const { email } = input;
  type Outcome = { session: LoginResponse } | Refusal;
  const outcome: Outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    const checked = await checkCode(tx, config.authSecret, email, input.otp, { deviceId: input.deviceId });
    if (!checked.ok) return { status: 400, detail: checked.detail };
    const now = new Date();
    let user = await findUserByEmail(tx, email);

    if (checked.code.purpose === 'REGISTER' && !user) {
      [user] = await tx.insert(users).values({ email, role: 'OWNER' }).returning();
    }

    if (checked.code.purpose === 'INVITATION') {
      const joined = await joinInvitingOrganization(tx, email, checked.code.invitationId, user);
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
  return outcome.session;
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
