import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { getGetInquiryQueryOptions, parseProblem, type Load, type Transfer, type TransferParty } from '@terres/api-client';
import { ContractFactsForm, ContractFactsMissing, contractFactsTexts, useRouteRetry } from '@terres/app-kit';
import {
  fillTemplate,
  formatCubicMetres,
  formatDate,
  formatDateTime,
  formatNumber,
  LOAD_STATUS_LABELS,
  TRANSFER_STATUS_LABELS,
  transferMessages,
  type LoadStatus,
  type TransferStatus,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@terres/ui/data-table';
import { ErrorState } from '@terres/ui/error-state';
import { FigureList } from '@terres/ui/figure-list';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { ConsoleShell } from '../../../components/console-shell';
import {
  LOADS_PAGE_SIZE,
  transferLoadsQueryOptions,
  transferQueryOptions,
  useCloseTransfer,
  useSaveContractFacts,
  useTransferLoadsPage,
} from '../api/transfers';
import { texts } from '../texts';
import { LoadHistory } from './load-history';
import './transfers-admin.css';

const BACK = { label: texts.backToList, href: '/admin/transfers' };

function Figures({ transfer }: { transfer: Transfer }) {
  const { balance } = transfer;
  const rows: [string, string][] = [
    [texts.expected, formatCubicMetres(transfer.expectedVolumeM3)],
    [texts.departed, formatCubicMetres(balance.departedVolumeM3)],
    [texts.received, formatCubicMetres(balance.receivedVolumeM3)],
    [texts.refused, formatCubicMetres(balance.refusedVolumeM3)],
    [texts.inTransit, formatCubicMetres(balance.inTransitVolumeM3)],
    [texts.remaining, formatCubicMetres(balance.remainingVolumeM3)],
    [texts.loadCount, formatNumber(balance.loadCount, 0)],
    [texts.flaggedCount, formatNumber(balance.flaggedLoadCount, 0)],
    [
      texts.departedWeight,
      `${formatNumber(balance.departedWeight.tonnes, 1)} t${balance.departedWeight.estimatedTonnes > 0 ? ` ${fillTemplate(texts.estimated, { tonnes: formatNumber(balance.departedWeight.estimatedTonnes, 1) })}` : ''}`,
    ],
  ];
  return <FigureList label={texts.balance} figures={rows.map(([term, value]) => ({ term, value }))} />;
}

function Party({ title, party }: { title: string; party: TransferParty }) {
  return (
    <div className="transfers-admin__party">
      <h3>{title}</h3>
      <p>
        <strong>{party.organizationName ?? '-'}</strong> · {party.projectName}
      </p>
      <p className="app-muted">{[party.contactName, party.contactPhone, party.contactEmail].filter(Boolean).join(' · ') || '-'}</p>
      <p className="app-muted">{party.siteAddress ?? '-'}</p>
    </div>
  );
}

const LOAD_COLUMNS: readonly DataTableColumn<Load>[] = [
  {
    id: 'number',
    header: texts.loadColumns.number,
    cell: (load) => (
      <span className="transfers-admin__number">
        {load.number}
        {load.overRemaining ? (
          <span title={texts.flagged} aria-label={texts.flagged}>
            {' '}
            ⚑
          </span>
        ) : null}
      </span>
    ),
  },
  { id: 'departedAt', header: texts.loadColumns.departedAt, cell: (load) => formatDateTime(load.departedAt) },
  { id: 'carrier', header: texts.loadColumns.carrier, cell: (load) => load.carrier.name },
  { id: 'plate', header: texts.loadColumns.plate, cell: (load) => load.vehiclePlate },
  { id: 'wasteCode', header: texts.loadColumns.wasteCode, cell: (load) => load.wasteCode },
  { id: 'volume', header: texts.loadColumns.volume, cell: (load) => formatCubicMetres(load.volumeM3) },
  { id: 'weight', header: texts.loadColumns.weight, cell: (load) => (load.weightTonnes != null ? `${formatNumber(load.weightTonnes, 3)} t` : '-') },
  {
    id: 'reception',
    header: texts.loadColumns.reception,
    cell: (load) =>
      `${load.receivedAt ? formatDateTime(load.receivedAt) : '-'}${load.receivedVolumeM3 != null ? ` · ${formatCubicMetres(load.receivedVolumeM3)}` : ''}`,
  },
  {
    id: 'status',
    header: texts.loadColumns.status,
    cell: (load) =>
      `${LOAD_STATUS_LABELS[load.status as LoadStatus] ?? load.status}${load.refusalReason ? ` : ${load.refusalReason}` : ''}${load.cancelReason ? ` : ${load.cancelReason}` : ''}`,
  },
  { id: 'history', header: texts.loadColumns.history, cell: (load) => <LoadHistory load={load} /> },
];

/** The page of loads (paged by the API, its pager below): a table, or a card a load on a phone. */
function LoadsTable({ loads }: { loads: Load[] }) {
  if (loads.length === 0) return <p className="app-muted">{texts.noLoads}</p>;
  return (
    <DataTable
      className="transfers-admin__loads"
      caption={texts.loadsCaption}
      hideCaption
      columns={LOAD_COLUMNS}
      rows={loads}
      getRowId={(load) => load.id}
      getRowClassName={(load) => (load.status === 'REFUSED' || load.overRemaining ? 'transfers-admin__row--warning' : undefined)}
      searchable={false}
      paged={false}
    />
  );
}

/** Why the transfer cannot be closed now (the API's rules, in the domain's words), or null. */
function closeBlocker(transfer: Transfer): string | null {
  if (transfer.balance.inTransitCount > 0) return fillTemplate(transferMessages.transferCloseLoadsInTransit, { count: String(transfer.balance.inTransitCount) });
  if (transfer.balance.acceptedCount === 0) return transferMessages.transferCloseNoAcceptedLoad;
  return null;
}

function CloseTransfer({ transfer }: { transfer: Transfer }) {
  const toast = useToast();
  const close = useCloseTransfer();
  const blocker = closeBlocker(transfer);
  const description = fillTemplate(texts.closeDescription, {
    volume: formatCubicMetres(transfer.balance.receivedVolumeM3),
    first: formatDate(transfer.firstDepartureAt),
    last: formatDate(transfer.lastReceptionAt),
  });
  return (
    <div className="transfers-admin__close">
      {blocker ? <p className="app-muted">{blocker}</p> : null}
      <ConfirmDialog
        trigger={<Button disabled={blocker !== null}>{texts.close}</Button>}
        title={texts.closeTitle}
        description={description}
        confirmLabel={texts.close}
        cancelLabel="Annuler"
        loadingLabel={texts.closing}
        onConfirm={() =>
          close.mutateAsync(transfer.id).then(
            () => toast.success(texts.closed),
            (error: unknown) => {
              toast.error(texts.closeFailed, parseProblem(error)?.detail);
              throw error;
            },
          )
        }
      />
    </div>
  );
}

/** One side's contract facts, as the admin enters or corrects them (the listing read in full). */
function SideContractFacts({ transfer, party, title }: { transfer: Transfer; party: TransferParty; title: string }) {
  const listing = useQuery(getGetInquiryQueryOptions(party.inquiryId));
  const save = useSaveContractFacts(transfer.id);
  if (!listing.data) return null;
  return (
    <ContractFactsForm
      key={listing.data.updatedAt}
      listing={listing.data}
      side={party.side as 'CUT' | 'FILL'}
      title={`${title} · ${party.projectName}`}
      onSave={(body) => save.mutateAsync({ inquiryId: party.inquiryId, body })}
    />
  );
}

/**
 * The contract's references (issue 19): what it still lacks, both sides, each linked to its
 * form; the admin enters or corrects either side's (audited by the API).
 */
function ContractFacts({ transfer }: { transfer: Transfer }) {
  return (
    <section className="transfers-admin__card" aria-labelledby="transfer-contract-facts" id="contract-facts">
      <h2 id="transfer-contract-facts">{contractFactsTexts.title}</h2>
      <p className="app-muted">{contractFactsTexts.intro}</p>
      <ContractFactsMissing missing={transfer.missingContractFacts} viewerSide={null} />
      <div className="transfers-admin__contract-facts">
        <SideContractFacts transfer={transfer} party={transfer.cut} title={contractFactsTexts.cutForm} />
        <SideContractFacts transfer={transfer} party={transfer.fill} title={contractFactsTexts.fillForm} />
      </div>
    </section>
  );
}

/**
 * /admin/transfers/{id}: the balance (expected, departed, received, refused, in transit,
 * remaining, flagged), both parties, the dates, both sides' loads (each with its corrections'
 * history), and the close action.
 */
export function TransferAdminPage({ id }: { id: string }) {
  const { data: transfer } = useSuspenseQuery(transferQueryOptions(id));
  const { data: firstLoads } = useSuspenseQuery(transferLoadsQueryOptions(id));
  const [page, setPage] = useState(1);
  const later = useTransferLoadsPage(id, page);
  const loads = page === 1 ? firstLoads : (later.data ?? firstLoads);
  const pages = Math.max(1, Math.ceil(loads.total / LOADS_PAGE_SIZE));
  return (
    <ConsoleShell title={`${texts.detailTitle} ${transfer.cut.projectName}`} backBar={BACK}>
      <div className="transfers-admin">
        <p>
          <strong>{TRANSFER_STATUS_LABELS[transfer.status as TransferStatus] ?? transfer.status}</strong>
          {transfer.closedAt ? ` · ${texts.closedAt} ${formatDateTime(transfer.closedAt)}` : ''}
        </p>
        <section className="transfers-admin__card" aria-labelledby="transfer-balance">
          <h2 id="transfer-balance">{texts.balance}</h2>
          <Figures transfer={transfer} />
          {transfer.status === 'OPEN' ? <CloseTransfer transfer={transfer} /> : null}
        </section>
        <section className="transfers-admin__card transfers-admin__parties" aria-label={texts.parties}>
          <Party title={texts.cutSide} party={transfer.cut} />
          <Party title={texts.fillSide} party={transfer.fill} />
          <div className="transfers-admin__party">
            <h3>{texts.dates}</h3>
            <p>
              {texts.firstDeparture} : {transfer.firstDepartureAt ? formatDateTime(transfer.firstDepartureAt) : '-'}
            </p>
            <p>
              {texts.lastDeparture} : {transfer.lastDepartureAt ? formatDateTime(transfer.lastDepartureAt) : '-'}
            </p>
            <p>
              {texts.lastReception} : {transfer.lastReceptionAt ? formatDateTime(transfer.lastReceptionAt) : '-'}
            </p>
          </div>
        </section>
        <ContractFacts transfer={transfer} />
        <section className="transfers-admin__card" aria-labelledby="transfer-loads">
          <h2 id="transfer-loads">
            {texts.loadsTitle} ({formatNumber(loads.total, 0)})
          </h2>
          <LoadsTable loads={loads.items} />
          {pages > 1 ? (
            <nav className="transfers-admin__pager" aria-label={texts.loadsPages}>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {texts.newerLoads}
              </Button>
              <span aria-live="polite">{fillTemplate(texts.loadsPage, { page: String(page), pages: String(pages) })}</span>
              <Button variant="secondary" size="sm" disabled={page >= pages || later.isFetching} onClick={() => setPage(page + 1)}>
                {texts.olderLoads}
              </Button>
            </nav>
          ) : null}
        </section>
      </div>
    </ConsoleShell>
  );
}

export function TransferAdminError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return (
    <ConsoleShell title={texts.detailTitle} backBar={BACK}>
      <ErrorState title={texts.detailLoadFailed} message={parseProblem(error)?.detail} onRetry={retry} headingLevel={2} />
    </ConsoleShell>
  );
}
