// Notices of transfers (issue 18), given after the change committed through `notify` (issue 21:
// recorded for the header's list, e-mailed at once or in the daily summary); a failure is logged,
// never an error of the request.
// - A refused load: at once, to the CUT organisation's active users and the admins.
// - Loads on their way: one digest a day per transfer at most, to the FILL organisation. Recording
//   a load sets the transfer's `digest_due_at` (a quarter of an hour later, or a day after the
//   last digest); a timer in every API process claims the due transfers with
//   `FOR UPDATE SKIP LOCKED`, so with several processes each transfer's digest is sent by one of
//   them, once: the row stays locked while its e-mail goes, and is then moved a day on.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/index.js';
import { inquiries, loads, matches, transfers } from '../db/schema.js';
import { asSystem } from '../db/scope.js';
import { loadRefusedEmail, loadsOnTheirWayEmail } from '../mail/templates/transfers.js';
import { consoleLinks, portalLinks } from './links.js';
import { adminRecipients, organizationRecipients } from './recipients.js';
import { notify } from './notifications.js';
import type { LoadRow } from './transfers.js';

type App = Pick<FastifyInstance, 'db' | 'mailer' | 'log' | 'config'>;



async function projectsOf(db: DbOrTx, matchId: string) {
  const [row] = await db
    .select({ cutInquiryId: matches.cutInquiryId, fillInquiryId: matches.fillInquiryId })
    .from(matches)
    .where(eq(matches.id, matchId));
  if (!row) return { cutProject: '', fillProject: '' };
  const listed = await db.select({ id: inquiries.id, projectName: inquiries.projectName }).from(inquiries).where(inArray(inquiries.id, [row.cutInquiryId, row.fillInquiryId]));
  const name = (id: string) => listed.find((listing) => listing.id === id)?.projectName ?? '';
  return { cutProject: name(row.cutInquiryId), fillProject: name(row.fillInquiryId) };
}

/** Mails a refused load to the CUT organisation's users and the admins (one message each). */
export async function mailLoadRefused(app: App, load: LoadRow): Promise<void> {
  try {
    await asSystem('transfer-mail', async () => {
      const [transfer] = await app.db.select().from(transfers).where(eq(transfers.id, load.transferId));
      if (!transfer) return;
      const projects = await projectsOf(app.db, transfer.matchId);
      const base = { load, reason: load.refusalReason ?? '', ...projects };
      const members = await organizationRecipients(app.db, transfer.cutOrganizationId);
      const admins = await adminRecipients(app.db, app.config.adminEmails);
      const forMembers = loadRefusedEmail({ ...base, transferUrl: portalLinks(app.config).transfer(transfer.id) });
      const forAdmins = loadRefusedEmail({ ...base, transferUrl: consoleLinks(app.config).transfer(transfer.id) });
      // A refused load needs the producer's (and the admins') attention: at once whatever the mode.
      await notify(app, members, { kind: 'TRANSFER', needsAction: true, url: portalLinks(app.config).transfer(transfer.id), mail: forMembers });
      await notify(app, admins, { kind: 'TRANSFER', needsAction: true, url: consoleLinks(app.config).transfer(transfer.id), mail: forAdmins });
    });
  } catch (error) {
    app.log.error({ err: error, loadId: load.id }, 'refused load e-mail not sent');
  }
}

/** Transfers whose digest one pass sends at most (the next pass takes the rest). */
const DIGESTS_PER_PASS = 20;

/**
 * Sends the digests that are due, each in its own transaction holding the transfer's row
 * (SKIP LOCKED: another process's pass skips it). Returns how many were sent.
 */
export async function sendDueDigests(app: App, now = new Date()): Promise<number> {
  let sent = 0;
  for (let i = 0; i < DIGESTS_PER_PASS; i += 1) {
    const done = await asSystem('transfer-mail', () =>
      app.db.transaction(async (tx) => {
        const [transfer] = await tx
          .select()
          .from(transfers)
          .where(and(lte(transfers.digestDueAt, now)))
          .orderBy(asc(transfers.digestDueAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!transfer) return 'none' as const;
        const since = transfer.lastDigestAt ?? new Date(0);
        const onTheirWay = await tx
          .select()
          .from(loads)
          .where(and(eq(loads.transferId, transfer.id), eq(loads.status, 'IN_TRANSIT'), sql`${loads.createdAt} > ${since}`))
          .orderBy(asc(loads.departedAt))
          .limit(200);
        if (onTheirWay.length > 0 && transfer.status === 'OPEN') {
          const projects = await projectsOf(tx, transfer.matchId);
          const transferUrl = portalLinks(app.config).transfer(transfer.id);
          const mail = loadsOnTheirWayEmail({ loads: onTheirWay, ...projects, transferUrl });
          await notify(app, await organizationRecipients(tx, transfer.fillOrganizationId), { kind: 'TRANSFER', url: transferUrl, mail });
        }
        await tx.update(transfers).set({ digestDueAt: null, lastDigestAt: now }).where(eq(transfers.id, transfer.id));
        return onTheirWay.length > 0 ? ('sent' as const) : ('empty' as const);
      }),
    );
    if (done === 'none') break;
    if (done === 'sent') sent += 1;
  }
  return sent;
}

/** Every minute (unref'd: it never holds the process open): the due digests. Returns the stop. */
export function startDigestTimer(app: App, intervalMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDueDigests(app)
      .catch((error: unknown) => app.log.error({ err: error }, 'transfer digests not sent'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
