import { useQuery } from '@tanstack/react-query';
import {
  getListInquiryMatchesQueryOptions,
  problemMessage,
  type Inquiry,
  type MatchStatus,
  type MatchSuggestion,
} from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import {
  describePriceBalance,
  fillTemplate,
  formatCo2,
  formatCubicMetres,
  formatKilometres,
  formatOverlap,
  formatPercent,
  formatScore,
  formatTrips,
  MATCH_FIGURE_LABELS,
  MATCH_STATUS_LABELS,
  nextMatchStatuses,
  typeLabel,
} from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
import { DescriptionList } from '@terres/ui/description-list';
import { ErrorState } from '@terres/ui/error-state';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { lazy, Suspense, useState } from 'react';
import { useProposeMatch } from '../api/propose-match';
import { useSetMatchStatus } from '../api/set-match-status';
import { texts } from '../texts';

// Leaflet downloads only when an admin opens a pair on the map.
const MatchMap = lazy(() => import('./match-map').then((module) => ({ default: module.MatchMap })));

const LIMIT = 10;

/**
 * The 'Sites compatibles' panel of the management tab (issue 11): the listing's compatible
 * sites of the other type, best first, with the figures a broker needs (distance, volumes,
 * period, trips, CO2e, price), a map of the pair, 'Proposer', and the proposal's next steps.
 */
export function CompatibleSites({ inquiry }: { inquiry: Inquiry }) {
  const query = useQuery(getListInquiryMatchesQueryOptions(inquiry.id, { limit: LIMIT }));
  const [shown, setShown] = useState<string | null>(null);
  if (query.isPending) {
    return (
      <Card title={texts.matchesTitle}>
        <p role="status">{texts.matchesLoading}</p>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card title={texts.matchesTitle}>
        <ErrorState title={texts.matchesFailed} message={problemMessage(query.error, texts.matchesFailed)} onRetry={() => void query.refetch()} retrying={query.isFetching} headingLevel={3} />
      </Card>
    );
  }
  const { total, items, settings } = query.data;
  const count = total < 2 ? `${total} site compatible` : `${total} sites compatibles`;
  return (
    <Card
      title={texts.matchesTitle}
      description={total === 0 ? undefined : fillTemplate(texts.matchesCount, { count, radius: formatKilometres(settings.radiusKm) })}
      footer={
        <p className="app-muted">
          {fillTemplate(texts.matchesAssumptions, {
            detour: String(settings.detourFactor).replace('.', ','),
            payload: String(settings.truckPayloadTonnes).replace('.', ','),
            co2: String(settings.co2KgPerM3Km).replace('.', ','),
            disposal: formatKilometres(settings.disposalDistanceKm),
          })}
        </p>
      }
    >
      {items.length === 0 ? (
        <p className="app-muted">{texts.matchesNone}</p>
      ) : (
        <ol className="compatible-sites">
          {items.map((item, index) => (
            <CompatibleSite
              key={item.counterpart?.id ?? index}
              inquiry={inquiry}
              item={item}
              rank={index + 1}
              mapShown={shown === item.counterpart?.id}
              onToggleMap={() => setShown((current) => (current === item.counterpart?.id ? null : (item.counterpart?.id ?? null)))}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}

function CompatibleSite({
  inquiry,
  item,
  rank,
  mapShown,
  onToggleMap,
}: {
  inquiry: Inquiry;
  item: MatchSuggestion;
  rank: number;
  mapShown: boolean;
  onToggleMap: () => void;
}) {
  const other = item.counterpart;
  if (!other) return null;
  const headingId = `compatible-site-${other.id}`;
  const located = typeof other.latitude === 'number' && typeof other.longitude === 'number' && typeof inquiry.siteLatitude === 'number' && typeof inquiry.siteLongitude === 'number';
  return (
    <li className="compatible-site" aria-labelledby={headingId}>
      <div className="compatible-site__head">
        <p className="compatible-site__rank">{fillTemplate(texts.rank, { rank: String(rank) })}</p>
        <h3 id={headingId} className="compatible-site__title">
          {other.projectName}
        </h3>
        <p className="app-muted">
          {typeLabel(other.type)} · {other.organizationName}
          {other.siteAddress ? ` · ${other.siteAddress}` : ''}
        </p>
        <p className="compatible-site__score">
          <span className="compatible-site__score-label">{texts.score}</span> {formatScore(item.score)}
        </p>
      </div>
      <DescriptionList
        items={[
          { term: MATCH_FIGURE_LABELS.roadKm, description: `${formatKilometres(item.distance.roadKm)} (${formatKilometres(item.distance.greatCircleKm)} à vol d’oiseau)` },
          {
            term: MATCH_FIGURE_LABELS.matchedVolume,
            description: `${formatCubicMetres(item.volume.matchedM3)} (${fillTemplate(texts.coverage, { fill: formatPercent(item.volume.fillCoverage), cut: formatPercent(item.volume.cutCoverage) })})`,
          },
          { term: MATCH_FIGURE_LABELS.overlap, description: formatOverlap(item.overlap) },
          { term: MATCH_FIGURE_LABELS.trips, description: `${formatTrips(item.transport.trips)}, ${formatKilometres(item.transport.truckKm)}` },
          { term: MATCH_FIGURE_LABELS.co2Saved, description: formatCo2(item.co2.savedKg) },
          { term: MATCH_FIGURE_LABELS.truckKmSaved, description: formatKilometres(item.transport.truckKmSaved) },
          ...(item.priceBalance ? [{ term: MATCH_FIGURE_LABELS.price, description: describePriceBalance(item.priceBalance) }] : []),
          ...(item.quality.toVerify ? [{ term: MATCH_FIGURE_LABELS.toVerify, description: texts.toVerify }] : []),
        ]}
      />
      <div className="inquiry-actions">
        <AppLink href={`/admin/inquiry/details/${encodeURIComponent(other.id)}/overview`}>
          {texts.openListing}
        </AppLink>
        {located ? (
          <Button variant="secondary" aria-expanded={mapShown} onClick={onToggleMap}>
            {texts.showOnMap}
          </Button>
        ) : null}
        <ProposalActions inquiry={inquiry} item={item} />
      </div>
      {mapShown && located ? (
        <Suspense fallback={<p role="status">{texts.mapLoading}</p>}>
          <MatchMap
            title={texts.mapTitle}
            lineTitle={fillTemplate(texts.routeTitle, { distance: formatKilometres(item.distance.greatCircleKm) })}
            from={{ latitude: inquiry.siteLatitude as number, longitude: inquiry.siteLongitude as number, type: inquiry.type, title: inquiry.projectName, organizationName: inquiry.organizationName }}
            to={{ latitude: other.latitude as number, longitude: other.longitude as number, type: other.type, title: other.projectName, organizationName: other.organizationName }}
          />
        </Suspense>
      ) : null}
    </li>
  );
}

function ProposalActions({ inquiry, item }: { inquiry: Inquiry; item: MatchSuggestion }) {
  const propose = useProposeMatch();
  const setStatus = useSetMatchStatus();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [doneOpen, setDoneOpen] = useState(false);
  const [volume, setVolume] = useState(String(item.volume.matchedM3));
  const other = item.counterpart!;
  const cut = inquiry.type === 'CUT' ? inquiry.projectName : other.projectName;
  const fill = inquiry.type === 'CUT' ? other.projectName : inquiry.projectName;

  async function move(id: string, status: MatchStatus, body: { moved_volume_m3?: number } = {}) {
    setBusy(true);
    try {
      await setStatus.mutateAsync({ inquiryId: inquiry.id, matchId: id, change: { status, ...body } });
      toast.success(fillTemplate(texts.matchMoved, { status: MATCH_STATUS_LABELS[status].toLowerCase() }));
      setDoneOpen(false);
    } catch (error) {
      toast.error(texts.matchMoveFailed, problemMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }

  if (!item.proposal) {
    return (
      <ConfirmDialog
        title={texts.proposeTitle}
        description={fillTemplate(texts.proposeDescription, {
          cut,
          fill,
          volume: formatCubicMetres(item.volume.matchedM3),
          distance: formatKilometres(item.distance.roadKm),
        })}
        trigger={<Button>{texts.propose}</Button>}
        confirmLabel={texts.propose}
        loadingLabel={texts.proposing}
        cancelLabel={texts.cancel}
        onConfirm={async () => {
          try {
            await propose.mutateAsync({
              inquiryId: inquiry.id,
              request: {
                cut_inquiry_id: inquiry.type === 'CUT' ? inquiry.id : other.id,
                fill_inquiry_id: inquiry.type === 'CUT' ? other.id : inquiry.id,
              },
            });
            toast.success(texts.proposed);
          } catch (error) {
            toast.error(texts.proposeFailed, problemMessage(error, ''));
          }
        }}
      />
    );
  }
  const { id, status } = item.proposal;
  const next = nextMatchStatuses(status);
  return (
    <>
      <p className="compatible-site__proposal">{fillTemplate(texts.proposal, { status: MATCH_STATUS_LABELS[status] })}</p>
      {next.includes('ACCEPTED') ? (
        <Button variant="secondary" disabled={busy} onClick={() => void move(id, 'ACCEPTED')}>
          {texts.accept}
        </Button>
      ) : null}
      {next.includes('DONE') ? (
        <ConfirmDialog
          title={texts.doneTitle}
          description={texts.doneDescription}
          open={doneOpen}
          onOpenChange={setDoneOpen}
          trigger={<Button variant="secondary">{texts.done}</Button>}
          confirmLabel={texts.doneConfirm}
          cancelLabel={texts.cancel}
          loading={busy}
          onConfirm={() => move(id, 'DONE', { moved_volume_m3: Number(volume.replace(',', '.')) })}
        >
          <TextField label={texts.movedVolume} inputMode="decimal" value={volume} onChange={(event) => setVolume(event.target.value)} />
        </ConfirmDialog>
      ) : null}
      {next.includes('DECLINED') ? (
        <Button variant="ghost" disabled={busy} onClick={() => void move(id, 'DECLINED')}>
          {texts.decline}
        </Button>
      ) : null}
    </>
  );
}
