// Notifications (issue 21, "Notifications people can live with"): what the platform tells a user,
// in the app (the header's list) and by e-mail, either at once or in one daily summary. The kinds,
// their French labels, the two modes and the default mode of each kind live here, for the API
// (which records and sends) and the apps (the bell and the preferences form) alike.
//
// Defaults: what asks the user to act goes at once, the rest waits for the daily summary.
// - a document the platform sends (a levée de doute letter, a pre-contract to sign): at once;
// - transfers (loads on their way, which the receiving side must confirm; a refused load): at once;
// - status changes and compatible sites: informative, in the summary.
// Whatever the mode chosen, a notification that needs the user's action (a refused listing, a
// refused load) is e-mailed at once: waiting a day would only delay the correction.
import * as v from 'valibot';
import { fillTemplate } from '../util';
import { CALENDAR_TIME_ZONE, calendarDayInParis } from '../validators/date';
import { formObject } from '../validators/object';

export const NOTIFICATION_KINDS = ['STATUS', 'MATCH', 'DOCUMENT', 'TRANSFER'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_MODES = ['IMMEDIATE', 'DIGEST'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  STATUS: 'Statut de vos annonces',
  MATCH: 'Sites compatibles',
  DOCUMENT: 'Documents envoyés par la plateforme',
  TRANSFER: 'Transferts et chargements',
};

/** One line under each kind in the preferences form: what it covers. */
export const NOTIFICATION_KIND_HINTS: Readonly<Record<NotificationKind, string>> = {
  STATUS: 'Soumission, validation, refus et chaque étape suivante de vos annonces.',
  MATCH: 'Les sites compatibles trouvés pour vos annonces, et les nouveaux qui apparaissent.',
  DOCUMENT: 'Un document que l’équipe Bourse aux terres vous envoie (lettre, pré-contrat…).',
  TRANSFER: 'Les chargements en route vers votre site, et les chargements refusés.',
};

export const NOTIFICATION_MODE_LABELS: Readonly<Record<NotificationMode, string>> = {
  IMMEDIATE: 'Immédiatement',
  DIGEST: 'Résumé quotidien',
};

export const DEFAULT_NOTIFICATION_MODES: Readonly<Record<NotificationKind, NotificationMode>> = {
  STATUS: 'DIGEST',
  MATCH: 'DIGEST',
  DOCUMENT: 'IMMEDIATE',
  TRANSFER: 'IMMEDIATE',
};

/** The daily summary leaves at this hour, Paris time, with what was queued before it. */
export const NOTIFICATION_DIGEST_HOUR = 7;

/** The header's list: the latest notifications, this many per page. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export const notificationMessages = {
  bellLabel: 'Notifications',
  bellUnread: '{count} non lue(s)',
  listTitle: 'Dernières notifications',
  empty: 'Aucune notification pour l’instant.',
  markAllRead: 'Tout marquer comme lu',
  unreadMark: 'Non lue',
  preferencesTitle: 'Notifications par e-mail',
  preferencesIntro:
    'Pour chaque sorte de notification, choisissez de recevoir un e-mail immédiatement ou un seul résumé quotidien (envoyé vers {hour} h). Toutes restent visibles dans la cloche en haut de page.',
  preferencesActionNote:
    'Un refus (d’annonce ou de chargement) vous est toujours envoyé immédiatement : il demande une action de votre part.',
  preferencesSave: 'Enregistrer',
  preferencesSaved: 'Vos préférences de notification sont enregistrées.',
  preferencesKindInvalid: 'Sorte de notification inconnue.',
  preferencesModeInvalid: 'Choisissez « Immédiatement » ou « Résumé quotidien ».',
  preferencesKindRepeated: 'Chaque sorte de notification ne peut figurer qu’une fois.',
  preferencesListInvalid: 'Indiquez vos préférences : une liste de sortes de notification, chacune avec son mode.',
  notificationNotFound: 'Notification introuvable.',
  digestSubject: 'Votre résumé quotidien : {count} notification(s)',
  digestIntro: 'Voici ce qui s’est passé sur Bourse aux terres depuis votre dernier résumé.',
  digestAction: 'Voir mes notifications',
  digestFootnote: 'Vous recevez ce résumé selon vos préférences de notification, modifiables dans Mon Compte, onglet Notifications.',
} as const;

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

export type NotificationPreferences = Readonly<Record<NotificationKind, NotificationMode>>;

/** Every kind's mode: the user's choice where there is one, else the default. */
export function notificationPreferences(chosen: ReadonlyArray<{ kind: string; mode: string }>): NotificationPreferences {
  const preferences: Record<NotificationKind, NotificationMode> = { ...DEFAULT_NOTIFICATION_MODES };
  for (const { kind, mode } of chosen) {
    if (isNotificationKind(kind) && (NOTIFICATION_MODES as readonly string[]).includes(mode)) preferences[kind] = mode as NotificationMode;
  }
  return preferences;
}

/** How one notification is e-mailed: a refusal (needs action) always at once, else the kind's mode. */
export function notificationDelivery(preferences: NotificationPreferences, kind: NotificationKind, needsAction: boolean): NotificationMode {
  return needsAction ? 'IMMEDIATE' : preferences[kind];
}

/** Body of PUT /notifications/preferences: some or all kinds, each once. (Pure: a bundle that never
 * uses it, the sign-in page's, drops it.) */
export const notificationPreferencesSchema = /* @__PURE__ */ formObject({
  preferences: v.pipe(
    v.array(
      formObject({
        kind: v.picklist(NOTIFICATION_KINDS, notificationMessages.preferencesKindInvalid),
        mode: v.picklist(NOTIFICATION_MODES, notificationMessages.preferencesModeInvalid),
      }),
      notificationMessages.preferencesListInvalid,
    ),
    v.check((rows) => new Set(rows.map((row) => row.kind)).size === rows.length, notificationMessages.preferencesKindRepeated),
  ),
});

/** The 'N non lue(s)' text, or null with nothing unread. */
export function unreadCountText(count: number): string | null {
  return count > 0 ? fillTemplate(notificationMessages.bellUnread, { count }) : null;
}

/** The badge's figure: up to 99, then '99+'. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

let offsetFormat: Intl.DateTimeFormat | undefined;

/** Paris's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function parisOffsetMinutes(instant: Date): number {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: CALENDAR_TIME_ZONE, timeZoneName: 'longOffset' });
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The instant of the day's summary: NOTIFICATION_DIGEST_HOUR o'clock, Paris time, on that Paris day. */
export function digestInstant(parisDay: string): Date {
  const naive = new Date(`${parisDay}T${String(NOTIFICATION_DIGEST_HOUR).padStart(2, '0')}:00:00Z`);
  // Paris's offset at that hour: read at a first guess, then at the corrected instant (the clocks
  // change at 1 h UTC, so on a switch day the guess may sit on the other side of it).
  const first = new Date(naive.getTime() - parisOffsetMinutes(naive) * 60_000);
  return new Date(naive.getTime() - parisOffsetMinutes(first) * 60_000);
}

/** The last summary instant at or before `now`: today's at 7 h if passed, else yesterday's. */
export function lastDigestInstant(now: Date): { day: string; at: Date } {
  const today = calendarDayInParis(now);
  const at = digestInstant(today);
  if (at.getTime() <= now.getTime()) return { day: today, at };
  const yesterday = calendarDayInParis(new Date(at.getTime() - 24 * 3_600_000));
  return { day: yesterday, at: digestInstant(yesterday) };
}
