import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_PARCELS, messages } from '@terres/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCadastreCache } from './cadastre';
import {
  MAP_UNSUPPORTED_MESSAGE,
  PARCEL_OPACITY,
  PARCEL_VIEWER_OPACITY,
  PARCEL_ZOOM,
  ParcelMap,
  fillColourExpression,
} from './parcel-map';
import type { ParcelMapProps } from './parcel-map';

type Handler = (event?: unknown) => void;

/** A stand-in for maplibre's Map: happy-dom has no WebGL. It records what the component asks. */
class FakeMap {
  static instances: FakeMap[] = [];
  static failNext = false;
  handlers = new Map<string, Handler[]>();
  paint: Array<[string, string, unknown]> = [];
  jumps: unknown[] = [];
  center = { lat: 0, lng: 0 };
  zoom = 0;
  removed = false;
  constructor(readonly options: { center: [number, number]; zoom: number; style: unknown }) {
    if (FakeMap.failNext) {
      FakeMap.failNext = false;
      throw new Error('Failed to initialize WebGL');
    }
    [this.center.lng, this.center.lat] = options.center;
    this.zoom = options.zoom;
    FakeMap.instances.push(this);
  }
  addControl() {
    return this;
  }
  on(event: string, layerOrHandler: string | Handler, handler?: Handler) {
    const key = typeof layerOrHandler === 'string' ? `${event}:${layerOrHandler}` : event;
    const fn = typeof layerOrHandler === 'string' ? handler : layerOrHandler;
    if (fn) this.handlers.set(key, [...(this.handlers.get(key) ?? []), fn]);
    return this;
  }
  once(event: string, handler: Handler) {
    setTimeout(() => handler(), 0);
    void event;
    return this;
  }
  fire(key: string, event?: unknown) {
    for (const fn of this.handlers.get(key) ?? []) fn(event);
  }
  setPaintProperty(layer: string, property: string, value: unknown) {
    this.paint.push([layer, property, value]);
  }
  getCenter() {
    return this.center;
  }
  getZoom() {
    return this.zoom;
  }
  jumpTo(options: { center: [number, number]; zoom: number }) {
    this.jumps.push(options);
    [this.center.lng, this.center.lat] = options.center;
    this.zoom = options.zoom;
  }
  getCanvas() {
    return { style: { cursor: '' } };
  }
  remove() {
    this.removed = true;
  }
}

vi.mock('maplibre-gl', () => ({
  Map: FakeMap,
  NavigationControl: class {},
  setWorkerUrl: vi.fn(),
}));

const TILEJSON = 'https://cadastre.test/cadastre.json';

function stubTileJson(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

function renderMap(props: Partial<ParcelMapProps> = {}) {
  const onChange = vi.fn();
  const all: ParcelMapProps = { type: 'CUT', selectedParcelIds: [], onChange, tileJsonUrl: TILEJSON, ...props };
  const view = render(<ParcelMap {...all} />);
  return { onChange, rerender: (next: Partial<ParcelMapProps>) => view.rerender(<ParcelMap {...all} {...next} />) };
}

async function createdMap(): Promise<FakeMap> {
  // The first render imports the (mocked) engine, its worker URL and CSS: slow on a busy machine.
  await waitFor(() => expect(screen.getByRole('region')).toHaveAttribute('data-status', 'ready'), { timeout: 10_000 });
  const map = FakeMap.instances.at(-1);
  if (!map) throw new Error('no map');
  return map;
}

function styleOf(map: FakeMap) {
  return map.options.style as {
    sources: { base: { tiles: string[] }; cadastre: { tiles: string[] } };
    layers: Array<{ id: string; 'source-layer'?: string; paint?: Record<string, unknown> }>;
  };
}

beforeEach(() => {
  FakeMap.instances = [];
  clearCadastreCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ParcelMap', () => {
  it('builds the map at zoom 16 with the raster base and the cadastre vector source', async () => {
    stubTileJson({ tiles: ['https://cadastre.test/{z}/{x}/{y}.pbf'], maxzoom: 16 });
    renderMap({ center: [48.58, 7.75], tileUrl: 'https://raster.test/{z}/{x}/{y}.png' });
    const map = await createdMap();
    expect(PARCEL_ZOOM).toBe(16);
    expect(map.options.zoom).toBe(16);
    expect(map.options.center).toEqual([7.75, 48.58]);
    const style = styleOf(map);
    expect(style.sources.base.tiles).toEqual(['https://raster.test/{z}/{x}/{y}.png']);
    expect(style.sources.cadastre.tiles).toEqual(['https://cadastre.test/{z}/{x}/{y}.pbf']);
    const fill = style.layers.find((layer) => layer.id === 'cadastre-parcels-fill');
    expect(fill?.['source-layer']).toBe('parcelles');
    expect(fill?.paint?.['fill-opacity']).toBe(0.35);
    expect(PARCEL_OPACITY).toBe(0.35);
  });

  it('uses the fallback tile template when the TileJSON tiles entry is invalid', async () => {
    stubTileJson({ tiles: 'broken' });
    renderMap({ cadastreTileUrl: 'https://fallback.test/{z}/{x}/{y}.pbf' });
    const map = await createdMap();
    expect(styleOf(map).sources.cadastre.tiles).toEqual(['https://fallback.test/{z}/{x}/{y}.pbf']);
  });

  it('toggles the clicked parcel and ignores features without a valid id', async () => {
    stubTileJson({ tiles: ['https://cadastre.test/{z}/{x}/{y}.pbf'] });
    const { onChange, rerender } = renderMap({ selectedParcelIds: ['68224000AB0001'] });
    const map = await createdMap();
    const click = (id: unknown) => map.fire('click:cadastre-parcels-fill', { features: [{ properties: { id } }] });

    act(() => click('68224000AB0123'));
    expect(onChange).toHaveBeenLastCalledWith(['68224000AB0001', '68224000AB0123']);
    act(() => click('68224000AB0001'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    onChange.mockClear();
    act(() => click('123'));
    act(() => map.fire('click:cadastre-parcels-fill', { features: [] }));
    expect(onChange).not.toHaveBeenCalled();

    rerender({ readOnly: true });
    act(() => click('68224000AB0123'));
    expect(onChange).not.toHaveBeenCalled();

    // At the limit a click deselects, never adds.
    rerender({ readOnly: false, maxParcels: 1 });
    act(() => click('68224000AB0123'));
    expect(onChange).not.toHaveBeenCalled();
    act(() => click('68224000AB0001'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('repaints the selection, overlaps and viewer opacity, and recentres without animation', async () => {
    stubTileJson({ tiles: ['https://cadastre.test/{z}/{x}/{y}.pbf'] });
    const { rerender } = renderMap({ type: 'FILL' });
    const map = await createdMap();
    rerender({ type: 'FILL', selectedParcelIds: ['68224000AB0123', '68224000AB0124'], otherParcelIds: ['68224000AB0124'] });
    await waitFor(() =>
      expect(map.paint).toContainEqual([
        'cadastre-parcels-fill',
        'fill-color',
        ['match', ['to-string', ['get', 'id']], ['68224000AB0123'], '#dc3c3c', ['68224000AB0124'], '#8e44ad', 'rgba(0, 0, 0, 0)'],
      ]),
    );
    rerender({ readOnly: true, selectedParcelIds: ['68224000AB0123'] });
    await waitFor(() => expect(map.paint).toContainEqual(['cadastre-parcels-fill', 'fill-opacity', PARCEL_VIEWER_OPACITY]));
    expect(PARCEL_VIEWER_OPACITY).toBe(0.55);

    rerender({ readOnly: true, selectedParcelIds: ['68224000AB0123'], center: [43.6, 1.44], zoom: 18 });
    await waitFor(() => expect(map.jumps).toEqual([{ center: [1.44, 43.6], zoom: 16 }]));
  });

  it('lists the selection grouped 2-4-4-4 and removes a parcel', async () => {
    stubTileJson({ tiles: ['https://cadastre.test/{z}/{x}/{y}.pbf'] });
    const { onChange } = renderMap({ selectedParcelIds: ['68224000AB0123', '68224000AB0124'] });
    await createdMap();
    expect(screen.getByText('Parcelles sélectionnées (2)')).toBeInTheDocument();
    expect(screen.getByText('68 2240 00AB 0123')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer la parcelle 68 2240 00AB 0124' }));
    expect(onChange).toHaveBeenCalledWith(['68224000AB0123']);
  });

  it('offers the parcel-number entry beside a working map by default (the keyboard path)', async () => {
    stubTileJson({ tiles: ['https://cadastre.test/{z}/{x}/{y}.pbf'] });
    const { onChange } = renderMap();
    await createdMap();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(screen.getByLabelText('Numéro de parcelle'), '68224000AB0123{Enter}');
    expect(onChange).toHaveBeenCalledWith(['68224000AB0123']);
  });

  it('hides the parcel-number entry when asked', async () => {
    stubTileJson({ tiles: ['https://cadastre.test/{z}/{x}/{y}.pbf'] });
    renderMap({ manualEntry: false });
    await createdMap();
    expect(screen.queryByLabelText('Numéro de parcelle')).toBeNull();
  });

  it('shows no removal button in the viewer', async () => {
    stubTileJson({ tiles: ['https://cadastre.test/{z}/{x}/{y}.pbf'] });
    renderMap({ readOnly: true, selectedParcelIds: ['68224000AB0123'] });
    await createdMap();
    expect(screen.queryByRole('button', { name: /Retirer/ })).toBeNull();
    expect(screen.queryByLabelText('Numéro de parcelle')).toBeNull();
  });
});

describe('ParcelMap when the cadastre cannot load', () => {
  it('shows both spec messages and a validated manual entry', async () => {
    stubTileJson({}, 404);
    const { onChange } = renderMap({ selectedParcelIds: ['68224000AB0123'] });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Impossible de charger le TileJSON cadastre');
    expect(alert).toHaveTextContent('Erreur lors du chargement du TileJSON Cadastre: 404');
    expect(screen.getByRole('region')).toHaveAttribute('data-status', 'error');
    expect(FakeMap.instances).toHaveLength(0);

    const input = screen.getByLabelText('Numéro de parcelle');
    await userEvent.type(input, '68 2240');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter la parcelle' }));
    expect(screen.getByText(messages.parcelId)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.clear(input);
    await userEvent.type(input, '68 2240 00ab 0124{Enter}');
    expect(onChange).toHaveBeenCalledWith(['68224000AB0123', '68224000AB0124']);
    expect(input).toHaveValue('');
    expect(screen.queryByText(messages.parcelId)).toBeNull();

    onChange.mockClear();
    await userEvent.type(input, '68224000AB0123{Enter}');
    expect(onChange).not.toHaveBeenCalled();
  });

  // 500 chips re-render on each key: the id is pasted, then Enter, so a loaded CI machine does
  // not spend its timeout typing 14 characters one by one.
  async function typeAtOnce(input: HTMLElement, text: string) {
    await userEvent.click(input);
    await userEvent.paste(text);
    await userEvent.keyboard('{Enter}');
  }

  it(`stops at ${MAX_PARCELS} parcels with the domain's message: no entry, removals still work`, async () => {
    stubTileJson({}, 404);
    const ids = Array.from({ length: MAX_PARCELS }, (_, i) => `68224000${i < 10000 ? 'AB' : 'AC'}${String(i % 10000).padStart(4, '0')}`);
    const { onChange, rerender } = renderMap({ selectedParcelIds: ids.slice(0, MAX_PARCELS - 1) });
    await screen.findByRole('alert', {}, { timeout: 10_000 });
    const input = screen.getByLabelText('Numéro de parcelle');
    expect(screen.queryByText(messages.parcelsMax)).toBeNull();
    await typeAtOnce(input, '68224000ZZ0001');
    expect(onChange).toHaveBeenLastCalledWith([...ids.slice(0, MAX_PARCELS - 1), '68224000ZZ0001']);

    onChange.mockClear();
    rerender({ selectedParcelIds: ids });
    expect(screen.getByRole('status')).toHaveTextContent(messages.parcelsMax);
    expect(screen.getByRole('button', { name: 'Ajouter la parcelle' })).toBeDisabled();
    await typeAtOnce(input, '68224000ZZ0002');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer la parcelle 68 2240 00AB 0000' }));
    expect(onChange).toHaveBeenCalledWith(ids.slice(1));
  });

  it('says the service is unreachable on a network failure, and offers no entry in the viewer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderMap({ readOnly: true });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Impossible de charger le TileJSON cadastre');
    // A network failure has no HTTP status to tell, and the viewer offers no entry.
    expect(alert).not.toHaveTextContent('Erreur lors du chargement');
    expect(alert).not.toHaveTextContent('saisir');
    expect(screen.queryByLabelText('Numéro de parcelle')).toBeNull();
  });
});

describe('ParcelMap without WebGL', () => {
  it('says the map cannot show and keeps the manual entry', async () => {
    stubTileJson({ tiles: ['https://cadastre.test/{z}/{x}/{y}.pbf'] });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    FakeMap.failNext = true;
    renderMap();
    expect(await screen.findByRole('alert')).toHaveTextContent(MAP_UNSUPPORTED_MESSAGE);
    expect(screen.getByLabelText('Numéro de parcelle')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

describe('fillColourExpression', () => {
  it('is transparent when nothing is selected or claimed', () => {
    expect(fillColourExpression('CUT', [], [])).toBe('rgba(0, 0, 0, 0)');
  });

  it('colours mine in the type colour and the others in the opposite one', () => {
    expect(fillColourExpression('CUT', ['A'], ['B'], 'idu')).toEqual([
      'match',
      ['to-string', ['get', 'idu']],
      ['A'],
      '#f2c200',
      ['B'],
      '#dc3c3c',
      'rgba(0, 0, 0, 0)',
    ]);
  });
});
