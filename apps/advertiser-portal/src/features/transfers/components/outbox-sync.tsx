import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { AppLink, useAuth } from '@terres/app-kit';
import { fillTemplate } from '@terres/domain';
import { useToast } from '@terres/ui/toast';
import { invalidateTransfer } from '../api/invalidate';
import { useOutbox, useOutboxSync } from '../model/outbox';
import { texts } from '../texts';
import { transferHref } from './shared';

/**
 * The phone's outbox, app-wide (mounted once by the signed-in layout): sent when the app starts,
 * when the browser is back online and on a timer while something waits, whatever screen is open
 * (each entry keeps the Idempotency-Key of its first attempt, so the API records it once). A small
 * notice says what waits; a transfer's own screens list the entries instead (`OutboxPanel`).
 */
export function TransfersOutbox() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useOutboxSync(user?.id, (loads) => {
    for (const load of loads) invalidateTransfer(queryClient, load.transferId, load.id);
    toast.success(fillTemplate(texts.sentFromOutbox, { count: String(loads.length) }));
  });
  const entries = useOutbox(user?.id);
  const shownHere = entries.some((entry) => pathname.startsWith(`${transferHref(entry.transferId)}`));
  if (entries.length === 0 || shownHere) return null;
  const failed = entries.filter((entry) => entry.failure);
  const waiting = entries.length - failed.length;
  const first = failed[0] ?? entries[0]!;
  return (
    <aside className="transfers-outbox-notice" aria-label={texts.pendingTitle}>
      <p role="status" className="transfers-outbox-notice__text">
        {waiting > 0 ? fillTemplate(texts.pendingNotice, { count: String(waiting) }) : null}
        {waiting > 0 && failed.length > 0 ? ' ' : null}
        {failed.length > 0 ? fillTemplate(texts.pendingNoticeFailed, { count: String(failed.length) }) : null}
      </p>
      <AppLink href={transferHref(first.transferId)} className="transfers-outbox-notice__link">
        {texts.pendingNoticeLink}
      </AppLink>
    </aside>
  );
}
