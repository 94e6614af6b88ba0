// The daily summary (issue 21): one e-mail per user and per day with the notifications its
// preferences queued, each a link into the user's app. Sentences from the domain's
// `notificationMessages`.
import { fillTemplate, NOTIFICATION_KIND_LABELS, notificationMessages as m, type NotificationKind } from '@terres/domain';
import { renderEmail, type RenderedEmail } from './layout.js';

export interface DigestItem {
  kind: NotificationKind;
  title: string;
  url: string;
}

export function notificationDigestEmail(input: { items: readonly DigestItem[]; notificationsUrl: string }): RenderedEmail {
  return renderEmail({
    subject: fillTemplate(m.digestSubject, { count: input.items.length }),
    paragraphs: [m.digestIntro],
    items: input.items.map((item) => ({ label: `${NOTIFICATION_KIND_LABELS[item.kind]} — ${item.title}`, url: item.url })),
    action: { label: m.digestAction, url: input.notificationsUrl },
    footnote: m.digestFootnote,
  });
}
