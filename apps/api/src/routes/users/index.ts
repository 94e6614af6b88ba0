// The signed-in user and the organisation's collaborators (spec §5 and §7, CONTRACT §6).
import { inviteSchema, messages, profileSchema, validateInvite, PROBLEM_TYPES } from '@terres/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { revokeUserSessions } from '../../auth/sessions.js';
import { signInvitationToken } from '../../auth/tokens.js';
import type { Tx } from '../../db/index.js';
import { asSystem } from '../../db/scope.js';
import { invitations, organizations, users } from '../../db/schema.js';
import { parseBody } from '../../http/input.js';
import { problem } from '../../http/problem.js';
import { invitationEmail } from '../../mail/templates/auth.js';
import { recordAudit } from '../../services/audit.js';
import { releaseInvitationEmail, reserveInvitationEmail } from '../../services/invitation-emails.js';
import { findUserByEmail, fullNameOf, listOrganizationMembers, toUser } from '../../services/users.js';

import { isUuid } from '../../http/ids.js';

type InvitationRow = typeof invitations.$inferSelect;

/** validateInvite's refusal as a problem: a malformed address is a 422, the limit its own 409. */
function inviteRefusal(message: string) {
  if (message === messages.simpleEmail) return problem(422, message);
  return problem(409, message, message === messages.inviteMax ? { type: PROBLEM_TYPES.collaboratorLimit } : {});
}

/** Employees and pending invitations: what counts towards the 5 collaborators. */
async function collaboratorsOf(db: Tx, organizationId: string) {
  const employees = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'EMPLOYEE'), isNull(users.archivedAt)));
  const pending = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
  return { employees, pending };
}

const userRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  /**
   * Mails the invitation link; 503 when it cannot be sent. Called after the commit, so a slow
   * mail server never holds the organisation's row lock (the ledger takes it too).
   */
  async function sendInvitation(
    invitation: InvitationRow,
    inviter: { firstName: string | null; lastName: string | null },
    log: FastifyBaseLogger,
  ) {
    const [organization] = await app.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, invitation.organizationId));
    const token = await signInvitationToken(app.config.authSecret, {
      email: invitation.email,
      organizationId: invitation.organizationId,
      invitationId: invitation.id,
    });
    const acceptUrl = `${app.config.advertiserPortalUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
    try {
      await app.mailer.send({
        to: invitation.email,
        ...invitationEmail({ organizationName: organization?.name ?? 'Bourse aux terres', inviterName: fullNameOf(inviter), acceptUrl }),
      });
    } catch (error) {
      log.error({ err: error }, 'invitation e-mail not sent');
      throw problem(503, messages.mailFailed);
    }
  }

  async function currentUser(userId: string) {
    const [user] = await app.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw problem(404, messages.userNotFound);
    return user;
  }

  app.get('/me', async (request) => toUser(await currentUser(request.auth.userId)));

  app.put('/me', async (request) => {
    const profile = parseBody(profileSchema, request.body);
    const [user] = await app.db
      .update(users)
      .set({ firstName: profile.firstName, lastName: profile.lastName, phoneNumber: profile.phoneNumber, updatedAt: new Date() })
      .where(eq(users.id, request.auth.userId))
      .returning();
    if (!user) throw problem(404, messages.userNotFound);
    return toUser(user);
  });

  app.post('/invite', { preHandler: requireRole('OWNER') }, async (request, reply) => {
    const organizationId = organizationOf(request);
    const { email: typed } = parseBody(inviteSchema, request.body);
    const inviter = await currentUser(request.auth.userId);
    // An account with this address may belong to another organisation, which this request's
    // scope cannot see (row-level security): asked across organisations, named, before the
    // transaction (whose scope is its connection's). The answer is only 'taken' or not.
    const holder = await asSystem('invitation-address', () => findUserByEmail(app.db, typed.trim().toLowerCase()));
    const invitation = await app.db.transaction(async (tx) => {
      // One invitation at a time per organisation, so parallel invites cannot pass 5.
      await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
      const { employees, pending } = await collaboratorsOf(tx, organizationId);
      const check = validateInvite({
        email: typed,
        selfEmail: request.auth.email,
        existingEmails: [...employees.map((e) => e.email), ...pending.map((i) => i.email)],
      });
      if (!check.ok) throw inviteRefusal(check.message);
      const email = check.email.trim().toLowerCase();
      const existing = holder?.email.toLowerCase() === email ? holder : await findUserByEmail(tx, email);
      if (existing && !existing.archivedAt) throw problem(409, messages.addressTaken, { type: PROBLEM_TYPES.emailTaken });
      const sendId = await reserveInvitationEmail(tx, organizationId, email);
      const [row] = await tx
        .insert(invitations)
        .values({ organizationId, email, invitedByUserId: request.auth.userId })
        .returning();
      return { ...row!, sendId };
    });
    try {
      await sendInvitation(invitation, inviter, request.log);
    } catch (error) {
      // Nobody received a link to it: the invitation goes, so a retry is a fresh invite.
      await app.db.delete(invitations).where(eq(invitations.id, invitation.id));
      await releaseInvitationEmail(app.db, invitation.sendId);
      throw error;
    }
    await recordAudit(app.db, {
      actorUserId: request.auth.userId,
      action: 'collaborator.invited',
      targetType: 'organization',
      targetId: organizationId,
      details: { email: invitation.email },
    });
    return reply.code(202).send({ email: invitation.email });
  });

  app.post('/invite/resend', { preHandler: requireRole('OWNER') }, async (request, reply) => {
    const organizationId = organizationOf(request);
    const { email } = parseBody(inviteSchema, request.body);
    const inviter = await currentUser(request.auth.userId);
    const invitation = await app.db.transaction(async (tx) => {
      // The organisation's lock orders its invitation e-mails, so parallel resends are counted.
      await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
      const [row] = await tx
        .update(invitations)
        .set({ lastSentAt: new Date() })
        .where(
          and(
            eq(invitations.organizationId, organizationId),
            sql`${invitations.email} = ${email.trim().toLowerCase()}`,
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning();
      if (!row) throw problem(404, messages.noPendingInvitation);
      return { ...row, sendId: await reserveInvitationEmail(tx, organizationId, row.email) };
    });
    try {
      await sendInvitation(invitation, inviter, request.log);
    } catch (error) {
      await releaseInvitationEmail(app.db, invitation.sendId);
      throw error;
    }
    return reply.code(202).send({ email: invitation.email });
  });

  // Members, then pending invitations (`pending: true`, no name yet: the page shows a dash
  // and offers 'Renvoyer' on those rows only).
  app.get('/organization/members', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async (request) =>
    listOrganizationMembers(app.db, organizationOf(request)),
  );

  // Removes an employee (archived, sessions revoked at once) or withdraws a pending invitation.
  app.delete<{ Params: { id: string } }>('/:id/archive', { preHandler: requireRole('OWNER') }, async (request, reply) => {
    const organizationId = organizationOf(request);
    const { id } = request.params;
    if (!isUuid(id)) throw problem(404, messages.collaboratorNotFound);
    await app.db.transaction(async (tx) => {
      const [employee] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.organizationId, organizationId), eq(users.role, 'EMPLOYEE'), isNull(users.archivedAt)));
      if (employee) {
        const now = new Date();
        await tx.update(users).set({ archivedAt: now, updatedAt: now }).where(eq(users.id, employee.id));
        await tx
          .update(invitations)
          .set({ revokedAt: now })
          .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, employee.email.toLowerCase()), isNull(invitations.revokedAt)));
        await revokeUserSessions(tx, employee.id);
        await recordAudit(tx, {
          actorUserId: request.auth.userId,
          action: 'collaborator.archived',
          targetType: 'user',
          targetId: employee.id,
          details: { organizationId },
        });
        return;
      }
      const [withdrawn] = await tx
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
        .returning();
      if (!withdrawn) throw problem(404, messages.collaboratorNotFound);
      await recordAudit(tx, {
        actorUserId: request.auth.userId,
        action: 'collaborator.invitation_withdrawn',
        targetType: 'organization',
        targetId: organizationId,
        details: { email: withdrawn.email },
      });
    });
    return reply.code(204).send();
  });
};

export default userRoutes;
