import { render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { AddressSearch } from '../address-search/address-search';
import { MapMarker, UNKNOWN_ORGANIZATION } from './map-marker';
import { DEFAULT_CENTER, EMPTY_TILE_URL, MapView, useLeafletMap } from './map-view';
import type { LatLng } from './map-view';

const fixture = inject('fixtureUrl');
const tileUrl = `${fixture}/tiles/{z}/{x}/{y}.png`;

/** The slippy-map tile holding a point. */
function tileOf([lat, lng]: LatLng, zoom: number): string {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `${zoom}/${x}/${y}`;
}

function tiles(): HTMLImageElement[] {
  return [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
}

/** Shows the view of the map, updated on every move. */
function Probe() {
  const map = useLeafletMap();
  const [, setMoves] = useState(0);
  useEffect(() => {
    const onMove = () => setMoves((n) => n + 1);
    map.on('moveend zoomend', onMove);
    return () => {
      map.off('moveend zoomend', onMove);
    };
  }, [map]);
  const { lat, lng } = map.getCenter();
  return (
    <output aria-label="Vue">
      {lat.toFixed(4)},{lng.toFixed(4)} z{map.getZoom()}
    </output>
  );
}

describe('MapView in Chromium', () => {
  it('shows the raster tiles of the default centre when the centre is malformed', async () => {
    render(<MapView center={[48.5]} tileUrl={tileUrl} attribution="Fond de carte de test" />);
    const container = screen.getByTestId('map-view-container');
    expect(container.getBoundingClientRect().height).toBe(400);
    expect(container.getBoundingClientRect().width).toBe(document.body.getBoundingClientRect().width);
    const expected = `${fixture}/tiles/${tileOf(DEFAULT_CENTER, 13)}.png`;
    await waitFor(() => expect(tiles().find((img) => img.src === expected)?.classList.contains('leaflet-tile-loaded')).toBe(true), {
      timeout: 10_000,
    });
    expect(screen.getByText('Fond de carte de test')).toBeInTheDocument();
  });

  it('shows an empty tile where a tile fails to load', async () => {
    render(<MapView tileUrl={`${fixture}/broken-tiles/{z}/{x}/{y}.png`} />);
    // Every tile answers 404: once each has failed, all show the transparent tile.
    await waitFor(
      () => {
        expect(tiles().length).toBeGreaterThan(0);
        expect(tiles().every((img) => img.src === EMPTY_TILE_URL)).toBe(true);
      },
      { timeout: 10_000 },
    );
  });

  it('draws pins at zoom 13 and below only, with the organisation in the popup', async () => {
    const pins = (
      <>
        <MapMarker position={[47.76, 7.34]} type="CUT" title="Chantier Nord" organizationName="Terrassements Martin" />
        <MapMarker position={[47.74, 7.32]} type="FILL" title="Chantier Sud" organizationName={null} />
      </>
    );
    const { rerender } = render(
      <MapView zoom={13} tileUrl={tileUrl}>
        {pins}
      </MapView>,
    );
    const south = await screen.findByTitle('Chantier Sud');
    expect(screen.getByTitle('Chantier Nord')).toBeInTheDocument();
    await userEvent.click(south);
    // The popup fades in (CSS transition): wait for it rather than read it mid-fade.
    await waitFor(() => expect(screen.getByText(UNKNOWN_ORGANIZATION)).toBeVisible(), { timeout: 10_000 });

    rerender(
      <MapView zoom={14} tileUrl={tileUrl}>
        {pins}
      </MapView>,
    );
    await waitFor(() => expect(screen.queryByTitle('Chantier Sud')).toBeNull());
  });

  it('recentres on the address chosen in the search', async () => {
    function Page() {
      const [center, setCenter] = useState<LatLng>(DEFAULT_CENTER);
      return (
        <>
          <AddressSearch baseUrl={fixture} onSelect={(address) => setCenter(address.center)} />
          <MapView center={center} tileUrl={tileUrl}>
            <Probe />
          </MapView>
        </>
      );
    }
    render(<Page />);
    expect(await screen.findByText('47.7500,7.3300 z13')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Rechercher une adresse' }), 'place de la cathédrale');
    const option = await screen.findByRole('option', { name: '2 Place de la Cathédrale 67000 Strasbourg' });
    await userEvent.click(option);
    expect(await screen.findByText('48.5818,7.7509 z13')).toBeInTheDocument();
    const input = screen.getByRole('combobox');
    expect(input).toHaveValue('2 Place de la Cathédrale 67000 Strasbourg');

    // The keyboard way: arrows then Enter.
    await userEvent.clear(input);
    await userEvent.type(input, 'rue du sauvage');
    // The whole text asked: typed slowly (a loaded machine), a part of it may have been asked
    // and answered first, and the arrows then chose among that part's suggestions.
    await waitFor(async () => expect((await (await fetch(`${fixture}/__requests`)).json()) as string[]).toContain('/search/?q=rue%20du%20sauvage&limit=5'), {
      timeout: 5_000,
    });
    await screen.findByRole('option', { name: 'Rue du Sauvage 68100 Mulhouse' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('47.7467,7.3389 z13')).toBeInTheDocument();
    expect((await (await fetch(`${fixture}/__requests`)).json()) as string[]).toContain('/search/?q=rue%20du%20sauvage&limit=5');
  });

  it('lets the wheel scroll the page, with a hint; Ctrl + wheel, or the wheel after a click, zooms (issue 21)', async () => {
    render(
      <MapView tileUrl={tileUrl} zoom={13}>
        <Probe />
      </MapView>,
    );
    const pane = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.leaflet-map-pane');
      if (!found) throw new Error('no map pane');
      return found;
    });
    const box = pane.getBoundingClientRect();
    const wheel = (init: WheelEventInit = {}) => {
      const event = new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY: -200, clientX: box.left + 50, clientY: box.top + 50, ...init });
      pane.dispatchEvent(event);
      return event;
    };
    // A plain wheel: not taken by the map (the page scrolls), the hint says how to zoom.
    expect(wheel().defaultPrevented).toBe(false);
    const hint = screen.getByText(/^Utilisez (Ctrl|⌘) \+ molette pour zoomer/);
    await waitFor(() => expect(hint.parentElement).toHaveAttribute('data-visible'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const zoom = () => Number(/ z(\d+)$/.exec(screen.getByRole('status', { name: 'Vue' }).textContent ?? '')?.[1]);
    expect(zoom()).toBe(13);
    // Ctrl + wheel zooms.
    expect(wheel({ ctrlKey: true }).defaultPrevented).toBe(true);
    await waitFor(() => expect(zoom()).toBeGreaterThan(13));
    const zoomed = zoom();
    await waitFor(() => expect(hint.parentElement).not.toHaveAttribute('data-visible'), { timeout: 3000 });
    // After a click on the map, the plain wheel zooms too.
    pane.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: box.left + 50, clientY: box.top + 50 }));
    expect(wheel({ deltaY: 200 }).defaultPrevented).toBe(true);
    await waitFor(() => expect(zoom()).toBeLessThan(zoomed));
  });
});
