// Notifications (issue 21; docs/notifications.md): the one way a notice reaches a user. `notify`
// records one row per recipient (listed in the header of the recipient's app) and e-mails it at
// once or leaves it for the recipient's daily summary, as the recipient's preference for its kind
// says (domain `notificationDelivery`: a notice that needs action always goes at once).
// `sendDueNotificationDigests` sends the summaries: one e-mail per user per Paris day, at 7 h,
// with what was queued before; a timer in every API process runs it each minute.
//
// Everything here runs under the system scope `notifications`: a notice crosses organisations
// (a match tells the other party) and reaches the admins. The reads for the header name the
// caller in every query (`userId`), admins included (their role sees every row).
//
// Locks: `notify` takes none (inserts, then marks what was mailed). A summary is sent inside one
// transaction that first inserts the (user, day) row of `notification_digests`: a second process
// blocks on that key until the first commits, then finds it taken and skips the user. A failed
// e-mail rolls the claim back, so the next pass tries again.
import {
  lastDigestInstant,
  NOTIFICATION_KINDS,
  notificationDelivery,
  notificationPreferences,
  type NotificationKind,
  type NotificationMode,
  type NotificationPreferences,
} from '@terres/domain';
import { and, asc, desc, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/index.js';
import { notificationDigests, notificationPreferences as preferencesTable, notifications, organizations, users } from '../db/schema.js';
import { asSystem } from '../db/scope.js';
import type { RenderedEmail } from '../mail/templates/layout.js';
import { notificationDigestEmail } from '../mail/templates/notification-digest.js';
import { consoleLinks, portalLinks } from './links.js';

type App = Pick<FastifyInstance, 'db' | 'mailer' | 'log' | 'config'>;
/** What `notify` needs (the matching alerts pass their own context). */
export type Notifier = Pick<FastifyInstance, 'db' | 'mailer' | 'log'>;

/** Someone a notice goes to. */
export interface Recipient {
  userId: string;
  email: string;
}

export interface Notice {
  kind: NotificationKind;
  /** The recipient has something to do (a refusal to correct): e-mailed at once whatever the mode. */
  needsAction?: boolean;
  /** Where the notice leads, in the recipient's app (absolute: the e-mail's link; its path is stored). */
  url: string;
  /** The e-mail sent when it goes at once; its subject is the notice's title. */
  mail: RenderedEmail;
}

/** The path (and query) of an app URL: what the header's list links to. */
function appPath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

async function preferencesOf(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, NotificationPreferences>> {
  const rows = userIds.length === 0 ? [] : await db.select().from(preferencesTable).where(inArray(preferencesTable.userId, [...userIds]));
  const byUser = new Map<string, NotificationPreferences>();
  for (const userId of userIds) byUser.set(userId, notificationPreferences(rows.filter((row) => row.userId === userId)));
  return byUser;
}

export interface NotifyOutcome {
  recorded: number;
  mailed: number;
  queued: number;
  failed: number;
}

/**
 * Records the notice for each recipient and e-mails those whose preference says "at once" (one
 * message each: colleagues' addresses are not disclosed to each other). A failed e-mail is
 * logged and leaves its row unmailed; a database error throws.
 */
export async function notify(app: Notifier, recipients: readonly Recipient[], notice: Notice): Promise<NotifyOutcome> {
  const outcome: NotifyOutcome = { recorded: 0, mailed: 0, queued: 0, failed: 0 };
  const unique = [...new Map(recipients.map((recipient) => [recipient.userId, recipient])).values()];
  if (unique.length === 0) return outcome;
  await asSystem('notifications', async () => {
    const preferences = await preferencesOf(app.db, unique.map((recipient) => recipient.userId));
    const rows = await app.db
      .insert(notifications)
      .values(
        unique.map((recipient) => ({
          userId: recipient.userId,
          kind: notice.kind,
          title: notice.mail.subject,
          link: appPath(notice.url),
          needsAction: notice.needsAction ?? false,
          delivery: notificationDelivery(preferences.get(recipient.userId)!, notice.kind, notice.needsAction ?? false),
        })),
      )
      .returning({ id: notifications.id, userId: notifications.userId, delivery: notifications.delivery });
    outcome.recorded = rows.length;
    const mailed: string[] = [];
    for (const row of rows) {
      if (row.delivery !== 'IMMEDIATE') {
        outcome.queued += 1;
        continue;
      }
      const recipient = unique.find((candidate) => candidate.userId === row.userId)!;
      try {
        await app.mailer.send({ to: recipient.email, ...notice.mail });
        mailed.push(row.id);
      } catch (error) {
        outcome.failed += 1;
        app.log.error({ err: error, notificationId: row.id, kind: notice.kind }, 'notification e-mail not sent');
      }
    }
    if (mailed.length > 0) await app.db.update(notifications).set({ emailedAt: sql`now()` }).where(inArray(notifications.id, mailed));
    outcome.mailed = mailed.length;
  });
  return outcome;
}

// ── the header's list and the preferences (the caller's own rows only) ──

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  title: string;
  link: string;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationPage {
  items: NotificationView[];
  total: number;
  unreadCount: number;
  page: number;
  pageSize: number;
}

/** The caller's latest notifications, newest first, with how many are unread. */
export async function listNotifications(db: DbOrTx, userId: string, paging: { page: number; pageSize: number }): Promise<NotificationPage> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      title: row.title,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    total: counts?.total ?? 0,
    unreadCount: counts?.unread ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/** Marks one of the caller's notifications read (again: unchanged); false when it is not the caller's. */
export async function markNotificationRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

/** Marks every unread notification of the caller read; returns how many were. */
export async function markAllNotificationsRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export interface PreferenceView {
  kind: NotificationKind;
  mode: NotificationMode;
}

export async function readNotificationPreferences(db: DbOrTx, userId: string): Promise<{ preferences: PreferenceView[] }> {
  const preferences = (await preferencesOf(db, [userId])).get(userId)!;
  return { preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, mode: preferences[kind] })) };
}

/** Stores the caller's choices (the kinds named; the others keep theirs) and answers them all. */
export async function updateNotificationPreferences(db: DbOrTx, userId: string, chosen: readonly PreferenceView[]): Promise<{ preferences: PreferenceView[] }> {
  if (chosen.length > 0) {
    await db
      .insert(preferencesTable)
      .values(chosen.map(({ kind, mode }) => ({ userId, kind, mode })))
      .onConflictDoUpdate({
        target: [preferencesTable.userId, preferencesTable.kind],
        set: { mode: sql`excluded.mode`, updatedAt: sql`now()` },
      });
  }
  return readNotificationPreferences(db, userId);
}

// ── the daily summary ──

/** Users whose summary one pass sends at most (the next pass, a minute later, takes the rest). */
const DIGESTS_PER_PASS = 50;
/** Notifications one summary lists at most (the rest wait for the next day's). */
const ITEMS_PER_DIGEST = 100;

/**
 * Sends the summaries due at `now`: to each user with notifications queued before today's 7 h
 * (Paris) and no summary yet for today. Returns how many were sent.
 */
export async function sendDueNotificationDigests(app: App, now = new Date()): Promise<number> {
  const { day, at } = lastDigestInstant(now);
  let sent = 0;
  for (let i = 0; i < DIGESTS_PER_PASS; i += 1) {
    const done = await asSystem('notifications', () =>
      app.db.transaction(async (tx) => {
        const [candidate] = await tx
          .select({ userId: users.id, email: users.email, role: users.role })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId))
          .leftJoin(organizations, eq(organizations.id, users.organizationId))
          .where(
            and(
              eq(notifications.delivery, 'DIGEST'),
              isNull(notifications.emailedAt),
              lte(notifications.createdAt, at),
              isNull(users.archivedAt),
              isNull(organizations.archivedAt),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(notificationDigests)
                  .where(and(eq(notificationDigests.userId, notifications.userId), eq(notificationDigests.day, day))),
              ),
            ),
          )
          .orderBy(asc(notifications.createdAt))
          .limit(1);
        if (!candidate) return 'none' as const;
        const claimed = await tx
          .insert(notificationDigests)
          .values({ userId: candidate.userId, day, itemCount: 0, sentAt: now })
          .onConflictDoNothing()
          .returning({ userId: notificationDigests.userId });
        if (claimed.length === 0) return 'taken' as const;
        const items = await tx
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, candidate.userId),
              eq(notifications.delivery, 'DIGEST'),
              isNull(notifications.emailedAt),
              lte(notifications.createdAt, at),
            ),
          )
          .orderBy(asc(notifications.createdAt), asc(notifications.id))
          .limit(ITEMS_PER_DIGEST);
        const origin = candidate.role === 'ADMIN' ? app.config.adminConsoleUrl : app.config.advertiserPortalUrl;
        const mail = notificationDigestEmail({
          items: items.map((item) => ({ kind: item.kind as NotificationKind, title: item.title, url: `${origin}${item.link}` })),
          notificationsUrl: candidate.role === 'ADMIN' ? consoleLinks(app.config).home() : portalLinks(app.config).notificationSettings(),
        });
        // Inside the transaction: a failure rolls the claim back and the next pass tries again.
        await app.mailer.send({ to: candidate.email, ...mail });
        await tx.update(notifications).set({ emailedAt: now }).where(inArray(notifications.id, items.map((item) => item.id)));
        await tx
          .update(notificationDigests)
          .set({ itemCount: items.length })
          .where(and(eq(notificationDigests.userId, candidate.userId), eq(notificationDigests.day, day)));
        return 'sent' as const;
      }),
    );
    if (done === 'none') break;
    if (done === 'sent') sent += 1;
  }
  return sent;
}

/** Every minute (unref'd: it never holds the process open): the summaries due. Returns the stop. */
export function startNotificationDigestTimer(app: App, intervalMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDueNotificationDigests(app)
      .catch((error: unknown) => app.log.error({ err: error }, 'notification summaries not sent'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
