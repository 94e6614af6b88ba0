import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { AppLink, useAuth, useMorePages, useRouteRetry } from '@terres/app-kit';
import { formatCubicMetres, formatNumber, TRANSFER_STATUS_LABELS, type TransferStatus } from '@terres/domain';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { PortalShell } from '../../../components/portal-shell';
import { transfersQueryOptions } from '../api/queries';
import { useOutbox } from '../model/outbox';
import { texts } from '../texts';
import { otherPartyOf, sideLabel, transferHref } from './shared';

/** /user/transfers: the organisation's transfers (both sides), each with its figures so far; 'Voir plus' past a page. */
export function TransfersPage() {
  const { rows: transfers, more } = useMorePages(transfersQueryOptions());
  const { user } = useAuth();
  const outbox = useOutbox(user?.id);
  return (
    <PortalShell title={texts.title}>
      <div className="transfers-page">
        <p className="app-muted">{texts.lead}</p>
        {transfers.length === 0 ? (
          <EmptyState title={texts.empty} description={texts.emptyLead} headingLevel={2} />
        ) : (
          <>
          <ul className="transfers-list" aria-label={texts.listLabel}>
            {transfers.map((transfer) => {
              const own = transfer.viewerSide === 'FILL' ? transfer.fill : transfer.cut;
              const other = otherPartyOf(transfer);
              const waiting = outbox.filter((entry) => entry.transferId === transfer.id).length;
              return (
                <li key={transfer.id} className="transfers-list__item">
                  <AppLink href={transferHref(transfer.id)} className="transfers-list__link">
                    <span className="transfers-list__name">{own.projectName}</span>
                    <span className="transfers-list__meta">
                      {sideLabel(transfer.viewerSide)} · {TRANSFER_STATUS_LABELS[transfer.status as TransferStatus] ?? transfer.status} · {other.organizationName ?? other.projectName}
                    </span>
                    <span className="transfers-list__figures">
                      {texts.departed} {formatCubicMetres(transfer.departedVolumeM3)} · {texts.received} {formatCubicMetres(transfer.receivedVolumeM3)} ·{' '}
                      {texts.remaining} {formatCubicMetres(transfer.remainingVolumeM3)} / {formatCubicMetres(transfer.expectedVolumeM3)} ·{' '}
                      {formatNumber(transfer.loadCount, 0)} {texts.loadsSoFar.toLowerCase()}
                    </span>
                    {waiting > 0 ? <span className="transfers-outbox__pending">{waiting} {texts.pending}</span> : null}
                  </AppLink>
                </li>
              );
            })}
          </ul>
          {more}
          </>
        )}
      </div>
    </PortalShell>
  );
}

export function TransfersError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return (
    <PortalShell title={texts.title}>
      <ErrorState title={texts.loadFailed} message={parseProblem(error)?.detail} onRetry={retry} headingLevel={2} />
    </PortalShell>
  );
}
