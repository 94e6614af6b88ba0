import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { downloadFile, getDownloadDocumentUrl, parseProblem, saveFile, type Document, type Load, type Transfer } from '@terres/api-client';
import { AppLink, ContractFactsForm, ContractFactsMissing, contractFactsTexts, useRouteRetry } from '@terres/app-kit';
import { fillTemplate, formatCubicMetres, formatDateTime, formatNumber, TRANSFER_STATUS_LABELS, type TransferStatus } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { ErrorState } from '@terres/ui/error-state';
import { FigureList } from '@terres/ui/figure-list';
import { useToast } from '@terres/ui/toast';
import { PortalShell } from '../../../components/portal-shell';
import { getGetInquiryQueryOptions } from '@terres/api-client';
import { useSaveContractFacts } from '../api/contract-facts';
import { LOADS_PAGE_SIZE, transferLoadsQueryOptions, transferQueryOptions } from '../api/queries';
import { texts } from '../texts';
import { departureHref, loadHref, LoadStatusTag, OutboxPanel, receptionHref, sideLabel } from './shared';

/** The balance's figures, as both sides and the console show them. */
export function BalanceFigures({ transfer }: { transfer: Pick<Transfer, 'balance' | 'expectedVolumeM3'> }) {
  const { balance } = transfer;
  const figures: [string, number][] = [
    [texts.expected, transfer.expectedVolumeM3],
    [texts.departed, balance.departedVolumeM3],
    [texts.received, balance.receivedVolumeM3],
    [texts.refused, balance.refusedVolumeM3],
    [texts.inTransit, balance.inTransitVolumeM3],
    [texts.remaining, balance.remainingVolumeM3],
  ];
  return (
    <FigureList
      label={texts.balance}
      figures={[
        ...figures.map(([term, value]) => ({ term, value: formatCubicMetres(value) })),
        { term: texts.loadsSoFar, value: formatNumber(balance.loadCount, 0) },
      ]}
    />
  );
}

function DocumentRow({ document }: { document: Document }) {
  const toast = useToast();
  return (
    <li className="transfers-documents__item">
      <span>{document.fileName}</span>
      <Button
        variant="ghost"
        className="transfers-touch"
        onClick={() => {
          downloadFile(getDownloadDocumentUrl(document.id), { fallbackFileName: document.fileName })
            .then(({ blob, fileName }) => saveFile(blob, fileName))
            .catch((error: unknown) => toast.error(texts.downloadFailed, parseProblem(error)?.detail));
        }}
      >
        {texts.download}
        <span className="terres-visually-hidden"> {document.fileName}</span>
      </Button>
    </li>
  );
}

function LoadsTable({ transfer, loads }: { transfer: Transfer; loads: Load[] }) {
  if (loads.length === 0) return <p className="app-muted">{texts.noLoads}</p>;
  const canReceive = transfer.viewerSide === 'FILL' && transfer.status === 'OPEN';
  return (
    <div className="transfers-table-wrap">
      <table className="transfers-table">
        <caption className="terres-visually-hidden">{texts.loadsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">N° du bon</th>
            <th scope="col">Départ</th>
            <th scope="col">Transporteur</th>
            <th scope="col">Immatriculation</th>
            <th scope="col">Code déchet</th>
            <th scope="col">Volume</th>
            <th scope="col">Poids</th>
            <th scope="col">Statut</th>
            {canReceive ? <th scope="col">Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {loads.map((load) => (
            <tr key={load.id}>
              <th scope="row">
                <AppLink href={loadHref(transfer.id, load.id)} className="transfers-load-link">
                  {load.number}
                </AppLink>
                {load.overRemaining ? <span className="transfers-flag" title={texts.flagged} aria-label={texts.flagged}> ⚑</span> : null}
              </th>
              <td data-label="Départ">{formatDateTime(load.departedAt)}</td>
              <td data-label="Transporteur">{load.carrier.name}</td>
              <td data-label="Immatriculation">{load.vehiclePlate}</td>
              <td data-label="Code déchet">{load.wasteCode}</td>
              <td data-label="Volume">
                {formatCubicMetres(load.volumeM3)}
                {load.receivedVolumeM3 != null && load.receivedVolumeM3 !== load.volumeM3 ? ` → ${formatCubicMetres(load.receivedVolumeM3)}` : ''}
              </td>
              <td data-label="Poids">{load.weightTonnes != null ? `${formatNumber(load.weightTonnes, 3)} t` : '-'}</td>
              <td data-label="Statut">
                <LoadStatusTag status={load.status} />
                {load.refusalReason ? <span className="transfers-reason"> {load.refusalReason}</span> : null}
              </td>
              {canReceive ? (
                <td className="transfers-table__action">
                  {load.status === 'IN_TRANSIT' ? (
                    <Button asChild className="transfers-touch">
                      <AppLink href={receptionHref(transfer.id, load.id)}>
                        {texts.confirmReception}
                        <span className="terres-visually-hidden"> {load.number}</span>
                      </AppLink>
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The contract's references (issue 19): what it still lacks, both sides, and the form of the
 * viewer's own listing's facts (each side completes its own; the other's values are not shown).
 */
function ContractFacts({ transfer }: { transfer: Transfer }) {
  const side = transfer.viewerSide;
  const own = side === 'FILL' ? transfer.fill : transfer.cut;
  const listing = useQuery({ ...getGetInquiryQueryOptions(own.inquiryId), enabled: side !== null });
  const save = useSaveContractFacts(transfer.id);
  return (
    <section className="transfers-card" aria-labelledby="transfer-contract-facts" id="contract-facts">
      <h2 id="transfer-contract-facts" className="transfers-card__title">
        {contractFactsTexts.title}
      </h2>
      <p className="app-muted">{contractFactsTexts.intro}</p>
      <ContractFactsMissing missing={transfer.missingContractFacts} viewerSide={side} />
      {side && listing.data ? (
        <ContractFactsForm
          key={listing.data.updatedAt}
          listing={listing.data}
          side={side}
          title={`${contractFactsTexts.ownForm} (${sideLabel(side)})`}
          onSave={(body) => save.mutateAsync({ inquiryId: own.inquiryId, body })}
        />
      ) : null}
    </section>
  );
}

/**
 * /user/transfers/{id}: the transfer of an accepted match for either side: the balance from the
 * API (expected, departed, received, refused, in transit, remaining), dates, the other party, the
 * match's documents and the loads; the CUT side records departures, the FILL side confirms them.
 */
export function TransferPage({ id }: { id: string }) {
  const { data: transfer } = useSuspenseQuery(transferQueryOptions(id));
  const { data: firstLoads } = useSuspenseQuery(transferLoadsQueryOptions(id));
  const [page, setPage] = useState(1);
  const later = useQuery({ ...transferLoadsQueryOptions(id, page), enabled: page > 1, placeholderData: keepPreviousData });
  const loads = page === 1 ? firstLoads : (later.data ?? firstLoads);
  const pages = Math.max(1, Math.ceil(loads.total / LOADS_PAGE_SIZE));
  const other = transfer.viewerSide === 'FILL' ? transfer.cut : transfer.fill;
  const own = transfer.viewerSide === 'FILL' ? transfer.fill : transfer.cut;
  const open = transfer.status === 'OPEN';
  return (
    <PortalShell title={fillTemplate(texts.transferOf, { project: own.projectName })}>
      <div className="transfers-page">
        <p className="transfers-page__meta">
          <span className="transfers-status">{TRANSFER_STATUS_LABELS[transfer.status as TransferStatus] ?? transfer.status}</span>{' '}
          {fillTemplate(texts.yourSide, { side: sideLabel(transfer.viewerSide) })}
        </p>
        {open && transfer.viewerSide === 'CUT' ? (
          <Button asChild size="lg" className="transfers-touch transfers-page__primary">
            <AppLink href={departureHref(transfer.id)}>{texts.recordDeparture}</AppLink>
          </Button>
        ) : null}
        <OutboxPanel transferId={transfer.id} />
        <BalanceFigures transfer={transfer} />
        <section className="transfers-card" aria-labelledby="transfer-loads">
          <h2 id="transfer-loads" className="transfers-card__title">
            {texts.loadsTitle} ({formatNumber(loads.total, 0)})
          </h2>
          <LoadsTable transfer={transfer} loads={loads.items} />
          {pages > 1 ? (
            <nav className="transfers-pager" aria-label={texts.loadsPages}>
              <Button variant="secondary" className="transfers-touch" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {texts.newerLoads}
              </Button>
              <span aria-live="polite">{fillTemplate(texts.loadsPage, { page: String(page), pages: String(pages) })}</span>
              <Button variant="secondary" className="transfers-touch" disabled={page >= pages || later.isFetching} onClick={() => setPage(page + 1)}>
                {texts.olderLoads}
              </Button>
            </nav>
          ) : null}
        </section>
        <section className="transfers-card" aria-labelledby="transfer-other">
          <h2 id="transfer-other" className="transfers-card__title">
            {texts.otherParty} · {sideLabel(other.side)}
          </h2>
          <dl className="transfers-details">
            <div>
              <dt>{texts.otherParty}</dt>
              <dd>{other.organizationName ?? '-'} ({other.projectName})</dd>
            </div>
            <div>
              <dt>{texts.contact}</dt>
              <dd>{[other.contactName, other.contactPhone, other.contactEmail].filter(Boolean).join(' · ') || '-'}</dd>
            </div>
            <div>
              <dt>{texts.siteAddress}</dt>
              <dd>{other.siteAddress ?? '-'}</dd>
            </div>
            <div>
              <dt>{texts.firstDeparture}</dt>
              <dd>{transfer.firstDepartureAt ? formatDateTime(transfer.firstDepartureAt) : '-'}</dd>
            </div>
            <div>
              <dt>{texts.lastDeparture}</dt>
              <dd>{transfer.lastDepartureAt ? formatDateTime(transfer.lastDepartureAt) : '-'}</dd>
            </div>
            <div>
              <dt>{texts.lastReception}</dt>
              <dd>{transfer.lastReceptionAt ? formatDateTime(transfer.lastReceptionAt) : '-'}</dd>
            </div>
            {transfer.closedAt ? (
              <div>
                <dt>{texts.closedAt}</dt>
                <dd>{formatDateTime(transfer.closedAt)}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <ContractFacts transfer={transfer} />
        <section className="transfers-card" aria-labelledby="transfer-documents">
          <h2 id="transfer-documents" className="transfers-card__title">
            {texts.documents}
          </h2>
          {transfer.documents.length === 0 ? (
            <p className="app-muted">{texts.noDocuments}</p>
          ) : (
            <ul className="transfers-documents">
              {transfer.documents.map((document) => (
                <DocumentRow key={document.id} document={document} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </PortalShell>
  );
}

export function TransferError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return (
    <PortalShell title={texts.title}>
      <ErrorState title={texts.loadFailed} message={parseProblem(error)?.detail} onRetry={retry} headingLevel={2} />
    </PortalShell>
  );
}
