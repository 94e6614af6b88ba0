import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@terres/app-kit';
import type { Load, TransferSummary } from '@terres/api-client';
import { fillTemplate, formatCubicMetres, formatDateTime, LOAD_STATUS_LABELS, RECEPTION_OUTCOME_LABELS, type LoadStatus } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { invalidateTransfer } from '../api/invalidate';
import { flushOutbox, removeFromOutbox, useOutbox, type OutboxEntry } from '../model/outbox';
import { texts } from '../texts';
import '../transfers.css';

export const transferHref = (id: string) => `/user/transfers/${encodeURIComponent(id)}`;
export const departureHref = (id: string) => `${transferHref(id)}/departure`;
export const loadHref = (transferId: string, loadId: string) => `${transferHref(transferId)}/loads/${encodeURIComponent(loadId)}`;
export const receptionHref = (transferId: string, loadId: string) => `${loadHref(transferId, loadId)}/reception`;
export const correctionHref = (transferId: string, loadId: string) => `${loadHref(transferId, loadId)}/correct`;

export const sideLabel = (side: 'CUT' | 'FILL' | null | undefined) => (side === 'FILL' ? texts.fillSide : texts.cutSide);

export function LoadStatusTag({ status }: { status: Load['status'] }) {
  return <span className={`transfers-status transfers-status--${status.toLowerCase()}`}>{LOAD_STATUS_LABELS[status as LoadStatus] ?? status}</span>;
}

/** The name of the other party, or its project while names are hidden (before acceptance). */
export function otherPartyOf(transfer: Pick<TransferSummary, 'cut' | 'fill' | 'viewerSide'>) {
  return transfer.viewerSide === 'FILL' ? transfer.cut : transfer.fill;
}

function describeEntry(entry: OutboxEntry): string {
  if (entry.kind === 'departure') {
    return fillTemplate(texts.pendingDeparture, {
      departedAt: formatDateTime(entry.body.departed_at),
      volume: formatCubicMetres(entry.body.volume_m3),
      plate: entry.body.vehicle_plate,
    });
  }
  return fillTemplate(texts.pendingReception, { number: entry.loadNumber, outcome: RECEPTION_OUTCOME_LABELS[entry.body.outcome] });
}

/** The entries of this transfer waiting for the network ('en attente d’envoi'), or refused on their way. */
export function OutboxPanel({ transferId }: { transferId: string }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const entries = useOutbox(user?.id).filter((entry) => entry.transferId === transferId);
  if (entries.length === 0) return null;
  return (
    <section className="transfers-outbox" aria-labelledby="transfers-outbox-title">
      <h2 id="transfers-outbox-title" className="transfers-outbox__title">
        {texts.pendingTitle}
      </h2>
      <p className="transfers-outbox__lead">{texts.pendingLead}</p>
      <ul className="transfers-outbox__list" aria-label={texts.pendingTitle}>
        {entries.map((entry) => (
          <li key={entry.key} className="transfers-outbox__entry">
            <span>{describeEntry(entry)}</span>
            {entry.failure ? (
              <>
                <span className="transfers-outbox__failure">{fillTemplate(texts.failed, { reason: entry.failure })}</span>
                <Button variant="ghost" size="sm" onClick={() => removeFromOutbox(entry.key)}>
                  {texts.discard}
                </Button>
              </>
            ) : (
              <span className="transfers-outbox__pending">{texts.pending}</span>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        className="transfers-touch"
        onClick={() => {
          void flushOutbox(user?.id).then((loads) => {
            for (const load of loads) invalidateTransfer(queryClient, load.transferId, load.id);
          });
        }}
      >
        {texts.sendNow}
      </Button>
    </section>
  );
}
