// Limits on invitation e-mails (issue 12: the platform is no mail relay). An owner could make
// the platform mail any address without end (invite, resend, withdraw, invite again...); every
// invitation e-mail now counts, in PostgreSQL so that several API processes share the counts:
// one per address a minute, a few per address and a bounded number per organisation over 24
// hours (domain constants). The caller holds the organisation's row lock, so parallel requests
// of one organisation are counted one after the other.
import {
  INVITATION_EMAIL_COOLDOWN_SECONDS,
  INVITATION_EMAILS_PER_ADDRESS_PER_DAY,
  INVITATION_EMAILS_PER_ORGANIZATION_PER_DAY,
  messages,
} from '@terres/domain';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/index.js';
import { invitationEmails } from '../db/schema.js';
import { problem, type HttpProblem } from '../http/problem.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows older than this are of no use to any limit. */
const KEEP_MS = 2 * DAY_MS;

function tooMany(detail: string, availableAt: number, now: Date): HttpProblem {
  const wait = Math.max(1, Math.ceil((availableAt - now.getTime()) / 1000));
  return problem(429, detail, { headers: { 'retry-after': String(wait) } });
}

/**
 * Counts one invitation e-mail to `email` for the organisation, or throws 429 (French detail,
 * `Retry-After`) when a limit is reached. Call it inside the transaction that holds the
 * organisation's row lock (`select ... for update`), before sending; returns the row id, to
 * `releaseInvitationEmail` when the e-mail could not be sent after all.
 */
export async function reserveInvitationEmail(tx: Tx, organizationId: string, emailInput: string, now = new Date()): Promise<string> {
  const email = emailInput.trim().toLowerCase();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await tx
    .delete(invitationEmails)
    .where(and(eq(invitationEmails.organizationId, organizationId), lt(invitationEmails.sentAt, new Date(now.getTime() - KEEP_MS))));

  const sent = await tx
    .select({ email: invitationEmails.email, sentAt: invitationEmails.sentAt })
    .from(invitationEmails)
    .where(and(eq(invitationEmails.organizationId, organizationId), gt(invitationEmails.sentAt, dayAgo)))
    .orderBy(asc(invitationEmails.sentAt));

  const toAddress = sent.filter((row) => row.email === email);
  const last = toAddress[toAddress.length - 1];
  if (last && now.getTime() - last.sentAt.getTime() < INVITATION_EMAIL_COOLDOWN_SECONDS * 1000) {
    throw tooMany(messages.invitationEmailTooSoon, last.sentAt.getTime() + INVITATION_EMAIL_COOLDOWN_SECONDS * 1000, now);
  }
  if (toAddress.length >= INVITATION_EMAILS_PER_ADDRESS_PER_DAY) {
    const freed = toAddress[toAddress.length - INVITATION_EMAILS_PER_ADDRESS_PER_DAY]!;
    throw tooMany(messages.invitationEmailsAddressDay, freed.sentAt.getTime() + DAY_MS, now);
  }
  if (sent.length >= INVITATION_EMAILS_PER_ORGANIZATION_PER_DAY) {
    const freed = sent[sent.length - INVITATION_EMAILS_PER_ORGANIZATION_PER_DAY]!;
    throw tooMany(messages.invitationEmailsOrganizationDay, freed.sentAt.getTime() + DAY_MS, now);
  }

  const [row] = await tx.insert(invitationEmails).values({ organizationId, email, sentAt: now }).returning({ id: invitationEmails.id });
  return row!.id;
}

/** Forgets a counted e-mail that could not be sent: nobody received it, so it must not hold a limit. */
export async function releaseInvitationEmail(db: DbOrTx, id: string): Promise<void> {
  await db.delete(invitationEmails).where(eq(invitationEmails.id, id));
}

