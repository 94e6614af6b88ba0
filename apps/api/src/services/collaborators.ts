// An organisation's collaborators (spec §5, CONTRACT §6): invitations (at most MAX_COLLABORATORS
// employees and pending invitations together), resends, removal. Locks: the organisation's row
// first (purchases.ts `lockOrganization`, which the ledger takes too), so parallel invitations
// are counted one after the other and cannot pass the limit; invitation e-mails are sent after
// the commit, so a slow mail server never holds that lock.
//
// No account enumeration (issue 20): an address with an active account elsewhere (another
// organisation, an owner without one, an admin) is invited exactly as a new address is (same
// 202, same pending row in the members list, same limits); only the e-mail differs: it tells
// its holder, and nobody else, that this account cannot join (invitationHeldElsewhereEmail,
// no link). The inviter learns only what concerns their own organisation (a member already).
import { messages, PROBLEM_TYPES, validateInvite } from '@terres/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MemberViewer } from '../auth/context.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { signInvitationToken } from '../auth/tokens.js';
import type { Tx } from '../db/index.js';
import { asSystem } from '../db/scope.js';
import { invitations, organizations, users } from '../db/schema.js';
import { isUuid } from '../http/ids.js';
import { problem } from '../http/problem.js';
import { invitationEmail, invitationHeldElsewhereEmail } from '../mail/templates/auth.js';
import { recordAudit } from './audit.js';
import { releaseInvitationEmail, reserveInvitationEmail } from './invitation-emails.js';
import { portalLinks } from './links.js';
import { lockOrganization } from './purchases.js';
import { findUserByEmail, fullNameOf, type UserRow } from './users.js';

type App = Pick<FastifyInstance, 'db' | 'mailer' | 'config'>;
type InvitationRow = typeof invitations.$inferSelect;

/** The inviter: the organisation's owner, with the address validateInvite compares. */
export type Inviter = MemberViewer & { email: string };

/** Employees and pending invitations: what counts towards the limit. */
async function collaboratorsOf(tx: Tx, organizationId: string) {
  const employees = await tx
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'EMPLOYEE'), isNull(users.archivedAt)));
  const pending = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
  return { employees, pending };
}

/** validateInvite's refusal as a problem: a malformed address is a 422, the limit its own 409. */
function inviteRefusal(message: string) {
  if (message === messages.simpleEmail) return problem(422, message);
  return problem(409, message, message === messages.inviteMax ? { type: PROBLEM_TYPES.collaboratorLimit } : {});
}

async function inviterRow(app: App, viewer: MemberViewer): Promise<UserRow> {
  const [user] = await app.db.select().from(users).where(eq(users.id, viewer.userId));
  if (!user) throw problem(404, messages.userNotFound);
  return user;
}

/**
 * Is `email` the address of an active account that cannot join the viewer's organisation? Asked
 * across organisations (row-level security hides the others' users from this request's scope);
 * the answer only chooses which e-mail the address receives, never what the inviter is told.
 */
async function heldElsewhere(app: App, email: string): Promise<boolean> {
  const holder = await asSystem('invitation-address', () => findUserByEmail(app.db, email.trim().toLowerCase()));
  return holder !== undefined && !holder.archivedAt;
}

/**
 * Mails the invitation link, or, to an address whose active account cannot join
 * (`elsewhere`), a neutral notice without a link; 503 when it cannot be sent.
 */
async function sendInvitation(app: App, invitation: InvitationRow, inviter: UserRow, elsewhere: boolean, log: FastifyBaseLogger): Promise<void> {
  const [organization] = await app.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId));
  const organizationName = organization?.name ?? 'Bourse aux terres';
  const inviterName = fullNameOf(inviter);
  // Signed either way, so both answers cost the same.
  const token = await signInvitationToken(app.config.authSecret, {
    email: invitation.email,
    organizationId: invitation.organizationId,
    invitationId: invitation.id,
  });
  try {
    await app.mailer.send({
      to: invitation.email,
      ...(elsewhere
        ? invitationHeldElsewhereEmail({ organizationName, inviterName })
        : invitationEmail({ organizationName, inviterName, acceptUrl: portalLinks(app.config).acceptInvitation(token) })),
    });
  } catch (error) {
    log.error({ err: error }, 'invitation e-mail not sent');
    throw problem(503, messages.mailFailed);
  }
}

/**
 * Invites `typed` into the viewer's organisation and mails the link. Refused (nothing kept)
 * beyond the limit, for oneself, an address already a member or invited, or when the e-mail
 * limits are reached; an invitation whose e-mail could not be sent is withdrawn, so a retry is
 * a fresh invite. An address with an active account elsewhere is answered and kept the same
 * way (no enumeration, see the header); its holder gets a notice instead of the link. Returns
 * the address as stored.
 */
export async function inviteCollaborator(app: App, viewer: Inviter, typed: string, log: FastifyBaseLogger): Promise<string> {
  const { organizationId } = viewer;
  const inviter = await inviterRow(app, viewer);
  // Before the transaction (whose scope is its connection's): see heldElsewhere.
  const elsewhere = await heldElsewhere(app, typed);
  const invitation = await app.db.transaction(async (tx) => {
    // One invitation at a time per organisation, so parallel invites cannot pass the limit.
    await lockOrganization(tx, organizationId);
    const { employees, pending } = await collaboratorsOf(tx, organizationId);
    const check = validateInvite({
      email: typed,
      selfEmail: viewer.email,
      existingEmails: [...employees.map((e) => e.email), ...pending.map((i) => i.email)],
    });
    if (!check.ok) throw inviteRefusal(check.message);
    const email = check.email.trim().toLowerCase();
    const sendId = await reserveInvitationEmail(tx, organizationId, email);
    const [row] = await tx.insert(invitations).values({ organizationId, email, invitedByUserId: viewer.userId }).returning();
    return { ...row!, sendId };
  });
  try {
    await sendInvitation(app, invitation, inviter, elsewhere, log);
  } catch (error) {
    await app.db.delete(invitations).where(eq(invitations.id, invitation.id));
    await releaseInvitationEmail(app.db, invitation.sendId);
    throw error;
  }
  await recordAudit(app.db, {
    actorUserId: viewer.userId,
    action: 'collaborator.invited',
    targetType: 'organization',
    targetId: organizationId,
    details: { email: invitation.email },
  });
  return invitation.email;
}

/** Sends a pending invitation's link again (404 when none is pending for the address). */
export async function resendInvitation(app: App, viewer: MemberViewer, email: string, log: FastifyBaseLogger): Promise<string> {
  const { organizationId } = viewer;
  const inviter = await inviterRow(app, viewer);
  const invitation = await app.db.transaction(async (tx) => {
    // The organisation's lock orders its invitation e-mails, so parallel resends are counted.
    await lockOrganization(tx, organizationId);
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
    await sendInvitation(app, invitation, inviter, await heldElsewhere(app, invitation.email), log);
  } catch (error) {
    await releaseInvitationEmail(app.db, invitation.sendId);
    throw error;
  }
  return invitation.email;
}

/**
 * Removes an employee (archived, sessions revoked at once, their invitations revoked) or
 * withdraws a pending invitation; 404 for anything else.
 */
export async function removeCollaborator(app: Pick<App, 'db'>, viewer: MemberViewer, id: string): Promise<void> {
  const { organizationId } = viewer;
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
        actorUserId: viewer.userId,
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
      actorUserId: viewer.userId,
      action: 'collaborator.invitation_withdrawn',
      targetType: 'organization',
      targetId: organizationId,
      details: { email: withdrawn.email },
    });
  });
}
