import { MAP, MAX_PARCELS, formatParcelId, messages, parseParcelId } from '@terres/domain';
import { Alert } from '@terres/ui/alert';
import { Button } from '@terres/ui/button';
import { FormField } from '@terres/ui/form-field';
import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, FormEvent } from 'react';
import type * as MaplibreModule from 'maplibre-gl';
import type { ExpressionSpecification, Map as MaplibreMap, MapLayerMouseEvent, StyleSpecification } from 'maplibre-gl';
import {
  CADASTRE_UNAVAILABLE_MESSAGE,
  DEFAULT_CADASTRE_SOURCE_LAYER,
  DEFAULT_CADASTRE_TILE_URL,
  DEFAULT_CADASTRE_TILEJSON_URL,
  DEFAULT_PARCEL_ID_PROPERTY,
  loadCadastreSource,
  parcelColour,
  parcelRole,
  toggleParcel,
} from './cadastre';
import type { CadastreSource, ParcelRole, ParcelType } from './cadastre';
import {
  DEFAULT_ATTRIBUTION,
  DEFAULT_HEIGHT,
  DEFAULT_TILE_URL,
  MAX_ZOOM,
  clampZoom,
  needsRecenter,
  resolveCenter,
} from '../map-view/rules';
import type { LatLng } from '../map-view/rules';
import { useWheelGuard } from '../wheel-guard/wheel-guard';
import './parcel-map.css';

export * from './cadastre';

/** Parcel selection and overview zoom (spec §9). */
export const PARCEL_ZOOM: number = MAP.parcelZoom;
export const PARCEL_OPACITY: number = MAP.parcelOpacity;
export const PARCEL_VIEWER_OPACITY: number = MAP.parcelViewerOpacity;

const FILL_LAYER = 'cadastre-parcels-fill';
const LINE_LAYER = 'cadastre-parcels-line';
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

type Engine = typeof MaplibreModule;
let enginePromise: Promise<Engine> | undefined;

/**
 * maplibre-gl, its worker and its CSS, loaded on first use: a page without a parcel map never
 * downloads them. The worker URL is set explicitly because bundling breaks maplibre's own lookup.
 */
export function loadMaplibre(): Promise<Engine> {
  enginePromise ??= Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
    import('../map-view/attribution.css'),
  ]).then(([engine, worker]) => {
    engine.setWorkerUrl(worker.default);
    return engine;
  });
  enginePromise.catch(() => {
    enginePromise = undefined;
  });
  return enginePromise;
}

/** maplibre `fill-color` for the current selection: selected in the type colour, others in the opposite one, both purple. */
export function fillColourExpression(
  type: ParcelType,
  selected: readonly string[],
  others: readonly string[],
  idProperty: string = DEFAULT_PARCEL_ID_PROPERTY,
): ExpressionSpecification | string {
  const mine = new Set(selected);
  const theirs = new Set(others);
  const groups = new Map<Exclude<ParcelRole, 'none'>, string[]>();
  for (const id of new Set([...mine, ...theirs])) {
    const role = parcelRole(id, mine, theirs);
    if (role === 'none') continue;
    groups.set(role, [...(groups.get(role) ?? []), id]);
  }
  const branches: unknown[] = [];
  for (const [role, ids] of groups) branches.push(ids, parcelColour(role, type));
  if (branches.length === 0) return TRANSPARENT;
  return ['match', ['to-string', ['get', idProperty]], ...branches, TRANSPARENT] as unknown as ExpressionSpecification;
}

export interface ParcelMapProps {
  /** [latitude, longitude]; a malformed pair falls back to the default centre. */
  center?: LatLng | readonly number[] | null;
  /** Default 16 (parcel selection), clamped to 16. */
  zoom?: number;
  /** CSS height; a number is pixels. Default 400. */
  height?: number | string;
  /** The listing's type: its parcels are drawn yellow (CUT) or red (FILL). */
  type: ParcelType;
  /** Controlled selection: compact 14-character parcel ids. */
  selectedParcelIds: readonly string[];
  /** Called with the new selection after a click on a parcel, a manual entry or a removal. */
  onChange?: (parcelIds: string[]) => void;
  /** Viewer mode: highlights selectedParcelIds (opacity 0.55), no selection, no removal. */
  readOnly?: boolean;
  /** Parcels of other listings (of the opposite type); those also selected here are drawn purple. */
  otherParcelIds?: readonly string[];
  /** Cadastre TileJSON URL; default DEFAULT_CADASTRE_TILEJSON_URL. */
  tileJsonUrl?: string;
  /** Vector tile template used when the TileJSON's `tiles` is invalid; default DEFAULT_CADASTRE_TILE_URL. */
  cadastreTileUrl?: string;
  /** Source layer of the parcels in the vector tiles; default 'parcelles'. */
  sourceLayer?: string;
  /** Feature property holding the 14-character id; default 'id'. */
  parcelIdProperty?: string;
  /** Raster base map template and its attribution; default OpenStreetMap. */
  tileUrl?: string;
  attribution?: string;
  /** Accessible name of the map region. */
  label?: string;
  /** The parcel-number entry beside the map (default on: the keyboard path to select parcels); it always shows when the cadastre fails. */
  manualEntry?: boolean;
  /** At most this many parcels can be selected (default the domain's MAX_PARCELS); then only removals, and the domain's message. */
  maxParcels?: number;
  className?: string;
}

/** Shown when the browser cannot draw the map at all (no WebGL): the manual entry still works. */
export const MAP_UNSUPPORTED_MESSAGE = 'La carte des parcelles ne peut pas s\u2019afficher sur ce navigateur.';

/** A failure with a French title for the user and an optional detail (the HTTP status message). */
class MapLoadError extends Error {
  constructor(
    readonly title: string,
    readonly detail?: string,
  ) {
    super(detail ?? title);
    this.name = 'MapLoadError';
  }
}

type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; title: string; detail?: string };

function baseStyle(
  tileUrl: string,
  attribution: string,
  cadastre: CadastreSource,
  sourceLayer: string,
  opacity: number,
  fillColour: ExpressionSpecification | string,
): StyleSpecification {
  return {
    version: 8,
    sources: {
      base: { type: 'raster', tiles: [tileUrl], tileSize: 256, attribution, maxzoom: 19 },
      cadastre: { type: 'vector', ...cadastre },
    },
    layers: [
      { id: 'base', type: 'raster', source: 'base' },
      {
        id: FILL_LAYER,
        type: 'fill',
        source: 'cadastre',
        'source-layer': sourceLayer,
        paint: { 'fill-color': fillColour, 'fill-opacity': opacity },
      },
      {
        id: LINE_LAYER,
        type: 'line',
        source: 'cadastre',
        'source-layer': sourceLayer,
        paint: { 'line-color': '#3f3f46', 'line-width': 0.8, 'line-opacity': 0.7 },
      },
    ],
  };
}

/**
 * Cadastre parcels on a maplibre-gl map: click to select or deselect (controlled), read-only
 * viewer mode, and a manual parcel-number entry when the cadastre layer cannot load.
 */
export function ParcelMap({
  center,
  zoom = PARCEL_ZOOM,
  height = DEFAULT_HEIGHT,
  type,
  selectedParcelIds,
  onChange,
  readOnly = false,
  otherParcelIds = [],
  tileJsonUrl = DEFAULT_CADASTRE_TILEJSON_URL,
  cadastreTileUrl = DEFAULT_CADASTRE_TILE_URL,
  sourceLayer = DEFAULT_CADASTRE_SOURCE_LAYER,
  parcelIdProperty = DEFAULT_PARCEL_ID_PROPERTY,
  tileUrl = DEFAULT_TILE_URL,
  attribution = DEFAULT_ATTRIBUTION,
  label = 'Carte des parcelles cadastrales',
  manualEntry = true,
  maxParcels = MAX_PARCELS,
  className,
}: ParcelMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [styleReady, setStyleReady] = useState(false);
  const [lat, lng] = resolveCenter(center);
  const targetZoom = clampZoom(zoom);
  const opacity = readOnly ? PARCEL_VIEWER_OPACITY : PARCEL_OPACITY;
  const fillColour = fillColourExpression(type, selectedParcelIds, otherParcelIds, parcelIdProperty);

  // The click handler is bound once; it reads the latest props from here.
  const latest = useRef({ selectedParcelIds, onChange, readOnly, fillColour, maxParcels });
  latest.current = { selectedParcelIds, onChange, readOnly, fillColour, maxParcels };
  const full = !readOnly && selectedParcelIds.length >= maxParcels;

  useEffect(() => {
    let cancelled = false;
    let map: MaplibreMap | null = null;
    setStatus({ kind: 'loading' });
    setStyleReady(false);
    Promise.all([
      loadCadastreSource(tileJsonUrl, cadastreTileUrl).catch((error: unknown) => {
        const detail = error instanceof Error ? error.message : undefined;
        throw new MapLoadError(CADASTRE_UNAVAILABLE_MESSAGE, detail === CADASTRE_UNAVAILABLE_MESSAGE ? undefined : detail);
      }),
      loadMaplibre(),
    ])
      .then(([cadastre, engine]) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        map = new engine.Map({
          container,
          center: [lng, lat],
          zoom: targetZoom,
          maxZoom: MAX_ZOOM,
          scrollZoom: true,
          dragPan: true,
          dragRotate: false,
          pitchWithRotate: false,
          attributionControl: { compact: false },
          style: baseStyle(tileUrl, attribution, cadastre, sourceLayer, opacity, latest.current.fillColour),
          locale: {
            'Map.Title': 'Carte interactive',
            'AttributionControl.ToggleAttribution': 'Afficher ou masquer l\u2019attribution',
            'AttributionControl.MapFeedback': 'Signaler une erreur de carte',
            'NavigationControl.ZoomIn': 'Zoom avant',
            'NavigationControl.ZoomOut': 'Zoom arrière',
            'NavigationControl.ResetBearing': 'Réinitialiser l\u2019orientation',
          },
        });
        map.addControl(new engine.NavigationControl({ showCompass: false }), 'top-left');
        mapRef.current = map;
        map.on('click', FILL_LAYER, (event: MapLayerMouseEvent) => {
          const { readOnly: locked, onChange: notify, selectedParcelIds: current, maxParcels: max } = latest.current;
          if (locked || !notify) return;
          const raw: unknown = event.features?.[0]?.properties[parcelIdProperty];
          const id = typeof raw === 'string' || typeof raw === 'number' ? parseParcelId(String(raw)) : null;
          // At the limit a click may still deselect, never add.
          if (id && (current.includes(id) || current.length < max)) notify(toggleParcel(current, id));
        });
        map.on('mouseenter', FILL_LAYER, () => {
          if (!latest.current.readOnly && map) map.getCanvas().style.cursor = 'pointer';
        });
        map.on('mouseleave', FILL_LAYER, () => {
          if (map) map.getCanvas().style.cursor = '';
        });
        map.once('load', () => {
          if (!cancelled) setStyleReady(true);
        });
        // 'idle': style loaded and visible tiles drawn; tests and callers wait for data-status="ready".
        map.once('idle', () => {
          if (!cancelled) setStatus({ kind: 'ready' });
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        map?.remove();
        map = null;
        mapRef.current = null;
        if (error instanceof MapLoadError) {
          setStatus({ kind: 'error', title: error.title, detail: error.detail });
          return;
        }
        // An engine failure (no WebGL) is not the user's to read; keep it for the developer.
        console.error(error);
        setStatus({ kind: 'error', title: MAP_UNSUPPORTED_MESSAGE });
      });
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
    };
    // Centre, zoom and colours follow in the effects below; a new source or base map rebuilds the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileJsonUrl, cadastreTileUrl, sourceLayer, parcelIdProperty, tileUrl, attribution]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    map.setPaintProperty(FILL_LAYER, 'fill-color', fillColour);
    map.setPaintProperty(FILL_LAYER, 'fill-opacity', opacity);
    // fillColour is rebuilt each render; its JSON is the real dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleReady, JSON.stringify(fillColour), opacity]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    const current = map.getCenter();
    if (needsRecenter([current.lat, current.lng], map.getZoom(), [lat, lng], targetZoom)) {
      map.jumpTo({ center: [lng, lat], zoom: targetZoom });
    }
  }, [styleReady, lat, lng, targetZoom]);

  const style: CSSProperties = { height, width: '100%', position: 'relative' };
  const failed = status.kind === 'error';
  // The wheel scrolls the page; Ctrl + wheel, or the wheel after a click, zooms (issue 21).
  const wheelHint = useWheelGuard(containerRef, failed);

  return (
    <div
      role="region"
      aria-label={label}
      className={className ? `terres-parcel-map ${className}` : 'terres-parcel-map'}
      data-status={status.kind}
    >
      {failed ? (
        <Alert tone="danger" title={status.title}>
          {status.detail ? <p>{status.detail}</p> : null}
          {readOnly ? null : <p>Vous pouvez saisir les numéros de parcelle ci-dessous.</p>}
        </Alert>
      ) : (
        <div className="terres-parcel-map__frame">
          <div ref={containerRef} className="terres-parcel-map__canvas" data-testid="parcel-map-container" style={style} />
          {wheelHint}
        </div>
      )}
      {(failed || manualEntry) && !readOnly ? (
        <ManualParcelEntry
          full={full}
          onAdd={(id) => {
            if (!selectedParcelIds.includes(id) && selectedParcelIds.length < maxParcels) onChange?.([...selectedParcelIds, id]);
          }}
        />
      ) : null}
      {full ? (
        <p className="terres-parcel-map__limit" role="status">
          {messages.parcelsMax}
        </p>
      ) : null}
      <SelectedParcels
        ids={selectedParcelIds}
        onRemove={readOnly || !onChange ? undefined : (id) => onChange(selectedParcelIds.filter((p) => p !== id))}
      />
    </div>
  );
}

/** Typing a parcel number: the keyboard path to select parcels, and the way on when the cadastre fails. */
export function ManualParcelEntry({ onAdd, full = false }: { onAdd: (parcelId: string) => void; full?: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (full) return;
    const id = parseParcelId(value);
    if (!id) {
      setError(messages.parcelId);
      return;
    }
    setError(null);
    setValue('');
    onAdd(id);
  };

  return (
    <form onSubmit={submit} aria-label="Saisie manuelle des parcelles" className="terres-parcel-map__entry" noValidate>
      <FormField
        label="Numéro de parcelle"
        hint="Saisissez l’identifiant cadastral à 14 caractères (par exemple 68 2240 00AB 0123)."
        error={error ?? undefined}
      >
        {({ labelId: _labelId, ...control }) => (
          // The button sits on the input's row; the hint above and an error below belong to the field.
          <div className="terres-parcel-map__entry-row">
            <input
              {...control}
              className="terres-input"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                if (error) setError(null);
              }}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" variant="secondary" disabled={full}>
              Ajouter la parcelle
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}

function SelectedParcels({ ids, onRemove }: { ids: readonly string[]; onRemove?: (id: string) => void }) {
  const headingId = useId();
  return (
    <div className="terres-parcel-map__selected">
      <h3 id={headingId} className="terres-parcel-map__selected-title">
        Parcelles sélectionnées ({ids.length})
      </h3>
      {ids.length === 0 ? (
        <p className="terres-parcel-map__empty">Aucune parcelle sélectionnée.</p>
      ) : (
        <ul aria-labelledby={headingId} className="terres-parcel-map__list">
          {ids.map((id) => (
            <li key={id} className="terres-parcel-map__parcel">
              <span className="terres-parcel-map__parcel-id">{formatParcelId(id)}</span>
              {onRemove ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="terres-parcel-map__remove"
                  onClick={() => onRemove(id)}
                  aria-label={`Retirer la parcelle ${formatParcelId(id)}`}
                >
                  Retirer
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
