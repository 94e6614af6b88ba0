// Passwordless sign-in (CONTRACT §6): a 6-digit code e-mailed for login, registration or an
// invitation, verified into a session (15-minute access token, rotated 30-day refresh token).
import { emailSchema, formObject, loginEmailSchema, MAX_COLLABORATORS, messages, otpSchema, PROBLEM_TYPES } from '@terres/domain';
import cookie from '@fastify/cookie';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { checkCode, issueCode, withdrawCode, type CodePurpose } from '../../auth/codes.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PATH, knownDevice, rememberDevice } from '../../auth/devices.js';
import { RateLimiter } from '../../auth/rate-limit.js';
import {
  inArchivedOrganization,
  adminStillListed,
  ORGANIZATION_ARCHIVED,
  openSession,
  refusalProblem,
  revokeFamilies,
  revokeRefreshTokenFamily,
  rotateRefreshToken,
  type LoginResponse,
  type Refusal,
} from '../../auth/sessions.js';
import { verifyInvitationToken } from '../../auth/tokens.js';
import type { Db, Tx } from '../../db/index.js';
import { setScope, systemScope } from '../../db/scope.js';
import { invitations, organizations, users } from '../../db/schema.js';
import { problem } from '../../http/problem.js';
import { bodyObject, parseBody } from '../../http/input.js';
import { accessClosedEmail, codeEmail, unknownAddressEmail } from '../../mail/templates/auth.js';
import { countEmployees, findUserByEmail } from '../../services/users.js';

type UserRow = typeof users.$inferSelect;

// formObject: a missing field reads like an empty one (the field's own French message), never
// valibot's English "Invalid key" (issue 12, found by the fuzzer).
const LoginRequest = formObject({ email: loginEmailSchema });
const RegisterRequest = formObject({ email: emailSchema });
const VerifyRequest = formObject({ email: loginEmailSchema, otp: otpSchema });

type AccountState = 'active' | 'unknown' | 'closed';

async function accountState(db: Db, user: UserRow | undefined, adminEmails: readonly string[]): Promise<AccountState> {
  if (!user) return 'unknown';
  if (user.archivedAt || !adminStillListed(user, adminEmails)) return 'closed';
  if (await inArchivedOrganization(db, user)) return 'closed';
  return 'active';
}

const authRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const windowMs = config.rateLimits.ipWindowSeconds * 1000;
  // Counted in PostgreSQL: every API process of the deployment shares them (src/auth/rate-limit.ts).
  const codeRequests = new RateLimiter(app.db, { name: 'otp-request', limit: config.rateLimits.otpRequestsPerIp, windowMs });
  const codeChecks = new RateLimiter(app.db, { name: 'otp-check', limit: config.rateLimits.otpChecksPerIp, windowMs });

  // Device cookies (src/auth/devices.ts): read on every code request and check, set at sign-in.
  await app.register(cookie);

  // No caller yet: codes, users, invitations and sessions are found by e-mail or token, across
  // organisations (row-level security, src/db/scope.ts). Logout's `app.authenticate`, which
  // runs after this hook, narrows its request to the caller's own scope.
  app.addHook('preHandler', async () => setScope(systemScope('sign-in')));

  /** The known device of this browser for the address (its own code budget), if any. */
  function deviceOf(request: FastifyRequest, email: string): string | undefined {
    return knownDevice(config.authSecret, request.cookies[DEVICE_COOKIE], email);
  }

  /**
   * After a successful sign-in: this browser becomes (or stays) a known device of the address.
   * HttpOnly (no script reads it), SameSite=Strict and a path limited to the sign-in calls: the
   * portals call the API from the same site (another port, or a sibling sub-domain in
   * production), with `credentials: 'include'` on these calls only.
   */
  function rememberThisDevice(request: FastifyRequest, reply: FastifyReply, email: string): void {
    const { value } = rememberDevice(config.authSecret, request.cookies[DEVICE_COOKIE], email);
    reply.setCookie(DEVICE_COOKIE, value, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: config.isProduction || request.protocol === 'https',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }

  /** An address of ADMIN_EMAILS gets its ADMIN account on its first code request. */
  async function ensureAdmin(email: string): Promise<void> {
    if (!config.adminEmails.includes(email)) return;
    await app.db.execute(
      sql`insert into users (email, role) values (${email}, 'ADMIN') on conflict (email_key) do nothing`,
    );
  }

  /** Sends a code request's e-mail; on failure the code is withdrawn (so no cooldown) and 503. */
  async function send(request: FastifyRequest, codeId: string, to: string, mail: { subject: string; text: string; html: string }) {
    try {
      await app.mailer.send({ to, ...mail });
    } catch (error) {
      request.log.error({ err: error }, 'e-mail not sent');
      await withdrawCode(app.db, codeId);
      throw problem(503, messages.mailFailed);
    }
  }

  async function requestCode(request: FastifyRequest, email: string, purpose: Exclude<CodePurpose, 'INVITATION'>) {
    await ensureAdmin(email);
    const state = await accountState(app.db, await findUserByEmail(app.db, email), config.adminEmails);
    // Login for an unknown address: a code nobody receives, so the answer and the cooldown are
    // the same as for a known one (no account enumeration).
    const deliverable = state === 'active' || (purpose === 'REGISTER' && state === 'unknown');
    const { code, id } = await issueCode(app.db, config.authSecret, {
      email,
      purpose,
      deliverable,
      ip: request.ip,
      deviceId: deviceOf(request, email),
    });
    if (deliverable) await send(request, id, email, codeEmail(code, purpose));
    else if (state === 'closed') await send(request, id, email, accessClosedEmail());
    else await send(request, id, email, unknownAddressEmail(`${config.advertiserPortalUrl}/register`));
  }

  app.post('/login/magic-link/request', async (request, reply) => {
    await codeRequests.hit(request.ip);
    const { email } = parseBody(LoginRequest, request.body);
    await requestCode(request, email.toLowerCase(), 'LOGIN');
    return reply.code(202).send();
  });

  app.post('/register/magic-link/request', async (request, reply) => {
    await codeRequests.hit(request.ip);
    const { email } = parseBody(RegisterRequest, request.body);
    await requestCode(request, email.toLowerCase(), 'REGISTER');
    return reply.code(202).send();
  });

  app.post('/invitation/request', async (request, reply) => {
    await codeRequests.hit(request.ip);
    const claims = await verifyInvitationToken(config.authSecret, bodyObject(request.body).token);
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
    const { code, id } = await issueCode(app.db, config.authSecret, {
      email: claims.email,
      purpose: 'INVITATION',
      invitationId: invitation.id,
      ip: request.ip,
      deviceId: deviceOf(request, claims.email),
    });
    await send(request, id, claims.email, codeEmail(code, 'INVITATION'));
    return reply.code(202).send({ email: claims.email });
  });

  app.post('/magic-link/verify', async (request, reply) => {
    await codeChecks.hit(request.ip);
    const { email: rawEmail, otp } = parseBody(VerifyRequest, request.body);
    const email = rawEmail.toLowerCase();
    const deviceId = deviceOf(request, email);
    type Outcome = { session: LoginResponse } | Refusal;
    const outcome: Outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
      const checked = await checkCode(tx, config.authSecret, email, otp, { deviceId });
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
    rememberThisDevice(request, reply, email);
    return outcome.session;
  });

  app.post('/refresh', async (request) => {
    const token = bodyObject(request.body).refresh_token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) {
      throw problem(400, messages.refreshTokenRequired, { errors: { refresh_token: messages.refreshTokenRequired } });
    }
    const outcome = await app.db.transaction((tx) =>
      rotateRefreshToken(tx, config.authSecret, token, {
        adminEmails: config.adminEmails,
        graceSeconds: config.refreshReuseGraceSeconds,
      }),
    );
    if (!outcome.ok) throw refusalProblem(outcome);
    return outcome.session;
  });

  app.post('/logout', { preHandler: app.authenticate }, async (request, reply) => {
    const token = bodyObject(request.body).refresh_token;
    if (typeof token !== 'string' || token.length === 0) {
      throw problem(400, messages.refreshTokenRequired, { errors: { refresh_token: messages.refreshTokenRequired } });
    }
    await revokeRefreshTokenFamily(app.db, request.auth.userId, token);
    await revokeFamilies(app.db, [request.auth.sessionId], 'LOGOUT');
    return reply.code(204).send();
  });
};

/**
 * The invited address becomes an EMPLOYEE of the inviting organisation (at most 5), under a lock
 * on the organisation so parallel acceptances cannot pass the limit. A removed collaborator's
 * account is reactivated; an active account elsewhere cannot join.
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
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId))
    .for('update');
  if (!organization || organization.archivedAt) return ORGANIZATION_ARCHIVED;
  if (existing && !existing.archivedAt) return { status: 409, detail: messages.accountExists, type: PROBLEM_TYPES.emailTaken };
  if ((await countEmployees(tx, organization.id)) >= MAX_COLLABORATORS) return { status: 409, detail: messages.inviteMax, type: PROBLEM_TYPES.collaboratorLimit };

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

export default authRoutes;
