import { useQuery } from '@tanstack/react-query';
import { parseProblem, type InquiryPin, type ListInquiryPinsParams } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { ADMIN_STATUS_OPTIONS, fillTemplate, formatNumber, MAP, type InquiryStatus } from '@terres/domain';
import { AddressSearch } from '@terres/maps/address-search';
import { ListingPins } from '@terres/maps/listing-pins';
import { MapView, PINS_MAX_ZOOM, type LatLng } from '@terres/maps/map-view';
import { PinsLegend } from '@terres/maps/pins-legend';
import { Alert } from '@terres/ui/alert';
import { Button } from '@terres/ui/button';
import { Select } from '@terres/ui/select';
import { Spinner } from '@terres/ui/spinner';
import { useMemo, useState, type ReactNode } from 'react';
import { ConsoleShell } from '../../../components/console-shell';
import { env } from '../../../config/env';
import { mapTotalQueryOptions, pinsQueryOptions, type MapSearch } from '../api/pins';
import { ALL_PINS_LIMIT, countInView, nextFetchBbox, type Bbox } from '../model/viewport';
import { texts } from '../texts';
import { MapViewport, type MapViewState } from './map-viewport';
import './listings-map.css';

const ALL = 'ALL';
const TYPE_OPTIONS = [
  { value: ALL, label: texts.allTypes },
  { value: 'CUT', label: texts.types.CUT },
  { value: 'FILL', label: texts.types.FILL },
];
const STATUS_OPTIONS = [{ value: ALL, label: texts.allStatuses }, ...ADMIN_STATUS_OPTIONS];
const NO_PINS: InquiryPin[] = [];

export interface ListingsMapPageProps {
  /** The filters, from the URL. */
  search: MapSearch;
  onSearchChange: (next: MapSearch) => void;
  /**
   * Under the map and its legend: the figures (issue 11: CO2 and truck-km avoided) and the
   * register export. The page opens on the map (issue 21, "The admins' day").
   */
  summary?: ReactNode;
}

/**
 * /admin/map (spec §2): every listing as a pin (cut yellow, fill red) at the opening zoom 13 and
 * below, grouped when they overlap (ListingPins), popups with project, organisation, status and a
 * link to the listing; an address search recentres the 600 px map. Pins come from
 * GET /inquiries/pins: all at once when the filters match at most ALL_PINS_LIMIT listings, else
 * the visible area with a margin, asked again only when the view leaves it. The page opens on
 * the map (filters just above it), its legend right under it, then the figures and the register
 * (issue 21).
 */
export function ListingsMapPage({ search, onSearchChange, summary }: ListingsMapPageProps) {
  const [view, setView] = useState<MapViewState | null>(null);
  const [area, setArea] = useState<Bbox | null>(null);
  const [recentre, setRecentre] = useState<{ center: LatLng; zoom: number } | null>(null);

  const total = useQuery(mapTotalQueryOptions(search));
  // Until the count is known the map waits; if it cannot be read, it works by area (safe at any size).
  const mode = total.isPending ? null : total.isSuccess && total.data.total <= ALL_PINS_LIMIT ? 'all' : 'area';
  const pins = useQuery({
    ...pinsQueryOptions(search, mode === 'area' ? area : null),
    enabled: mode === 'all' || (mode === 'area' && area !== null),
    // While a new area loads, the pins of the last one stay; new filters start empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameFilters(previousQuery.queryKey[1], search) ? previous : undefined,
  });
  const shown = pins.data ?? NO_PINS;

  const onViewChange = (next: MapViewState) => {
    setView(next);
    if (next.zoom > PINS_MAX_ZOOM) return;
    setArea((loaded) => nextFetchBbox(next.bbox, next.zoom, loaded) ?? loaded);
  };

  const inView = useMemo(() => (view ? countInView(shown, view.bbox) : 0), [shown, view]);
  const zoomedIn = view !== null && view.zoom > PINS_MAX_ZOOM;
  const failed = pins.isError && !pins.isFetching;
  const loading = total.isPending || pins.isFetching;

  const change = (next: Partial<MapSearch>) => {
    onSearchChange({ ...search, ...next });
    // New filters: the area is asked again from the current view.
    setArea(view && view.zoom <= PINS_MAX_ZOOM ? nextFetchBbox(view.bbox, view.zoom, null) : null);
  };

  return (
    <ConsoleShell title={texts.title}>
      <div className="listings-map">
        <div className="listings-map__toolbar">
          <AddressSearch
            className="listings-map__address"
            label={texts.addressLabel}
            placeholder={texts.addressPlaceholder}
            {...(env.addressSearchUrl ? { baseUrl: env.addressSearchUrl } : {})}
            onSelect={(address) => setRecentre({ center: address.center, zoom: MAP.adminMapZoom })}
          />
          <div className="listings-map__filters">
            <Select
              label={texts.typeFilter}
              options={TYPE_OPTIONS}
              value={search.type ?? ALL}
              onValueChange={(value) => change({ type: value === ALL ? undefined : (value as 'CUT' | 'FILL') })}
            />
            <Select
              label={texts.statusFilter}
              options={STATUS_OPTIONS}
              value={search.status ?? ALL}
              onValueChange={(value) => change({ status: value === ALL ? undefined : (value as InquiryStatus) })}
            />
          </div>
        </div>
        <div className="listings-map__status" role="status">
          {loading ? (
            <>
              <Spinner size="sm" announce={false} /> {texts.loading}
            </>
          ) : zoomedIn ? (
            texts.zoomOut
          ) : failed ? null : inView === 0 ? (
            texts.countNone
          ) : inView === 1 ? (
            texts.countOne
          ) : (
            fillTemplate(texts.countMany, { count: formatNumber(inView, 0) })
          )}
        </div>
        {failed ? (
          <Alert tone="danger" title={texts.loadFailed} action={<Button variant="secondary" onClick={() => void pins.refetch()}>{texts.retry}</Button>}>
            {parseProblem(pins.error)?.detail}
          </Alert>
        ) : null}
        <MapView
          center={MAP.defaultCenter}
          zoom={MAP.adminMapZoom}
          height={MAP.adminMapHeight}
          label={texts.mapLabel}
          {...(env.tileUrl ? { tileUrl: env.tileUrl } : {})}
        >
          <MapViewport onViewChange={onViewChange} recentre={recentre} />
          <ListingPins
            pins={shown}
            renderPopup={(pin) => (
              <AppLink href={`/admin/inquiry/details/${pin.id}/overview`} className="listings-map__popup-link">
                {texts.viewListing}
              </AppLink>
            )}
          />
        </MapView>
        <PinsLegend className="listings-map__legend" />
        {summary ? <div className="listings-map__summary">{summary}</div> : null}
      </div>
    </ConsoleShell>
  );
}

/** The previous pins query asked for the same filters (only its area differs). */
function sameFilters(previousParams: unknown, search: MapSearch): boolean {
  const params = (previousParams ?? {}) as ListInquiryPinsParams;
  return params.type === search.type && String(params.status ?? '') === String(search.status ?? '');
}
