import { render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { MapView, useLeafletMap } from '../map-view/map-view';
import { ListingPins } from './listing-pins';
import type { ListingPin } from './listing-pins';

const tileUrl = `${inject('fixtureUrl')}/tiles/{z}/{x}/{y}.png`;
const MULHOUSE: [number, number] = [47.75, 7.33];

const pins: ListingPin[] = [
  { id: 'a', type: 'CUT', status: 'APPROVED', latitude: 47.75, longitude: 7.33, projectName: 'Friche DMC', organizationName: 'Terrassements Martin' },
  { id: 'b', type: 'FILL', status: 'PENDING_VALIDATION', latitude: 47.752, longitude: 7.336, projectName: 'Parc des Collines', organizationName: null },
  { id: 'c', type: 'CUT', status: 'SITE_FOUND', latitude: 47.747, longitude: 7.326, projectName: 'Rocade Sud', organizationName: 'BTP Alsace' },
];

/** The map's zoom, updated on every move. */
function Zoom() {
  const map = useLeafletMap();
  const [zoom, setZoom] = useState(map.getZoom());
  useEffect(() => {
    const update = () => setZoom(map.getZoom());
    map.on('zoomend', update);
    return () => {
      map.off('zoomend', update);
    };
  }, [map]);
  return <output aria-label="Zoom">{zoom}</output>;
}

function renderMap(zoom: number) {
  return render(
    <MapView center={MULHOUSE} zoom={zoom} height={500} tileUrl={tileUrl} label="Carte des annonces">
      <ListingPins pins={pins} renderPopup={(pin) => <a href={`/admin/inquiry/details/${pin.id}/overview`}>Voir l’annonce</a>} />
      <Zoom />
    </MapView>,
  );
}

describe('ListingPins in Chromium', () => {
  it('shows each pin at the opening zoom 13, with a popup naming project, organisation, type and status', async () => {
    renderMap(13);
    const pin = await screen.findByTitle('Parc des Collines (remblai, en attente de validation)');
    expect(screen.getByTitle('Friche DMC (déblai, validée)')).toBeInTheDocument();
    await userEvent.click(pin);
    const popup = await waitFor(() => {
      const node = document.querySelector<HTMLElement>('.terres-map-popup');
      if (!node) throw new Error('no popup yet');
      return node;
    });
    await waitFor(() => expect(within(popup).getByText('Organisation inconnue')).toBeVisible(), { timeout: 10_000 });
    expect(popup).toHaveTextContent('Parc des Collines');
    expect(popup).toHaveTextContent('REMBLAIS');
    expect(popup).toHaveTextContent('En attente de validation');
    expect(within(popup).getByRole('link', { name: 'Voir l’annonce' })).toHaveAttribute('href', '/admin/inquiry/details/b/overview');
  });

  it('groups the pins when zoomed out; a click on the group zooms in until they stand apart', async () => {
    renderMap(9);
    const group = await screen.findByTitle('3 annonces (2 déblais, 1 remblai) : zoomer sur ce groupe');
    expect(group).toHaveTextContent('3');
    expect(screen.queryByTitle(/Friche DMC/)).toBeNull();
    await userEvent.click(group);
    await waitFor(() => expect(Number(screen.getByRole('status', { name: 'Zoom' }).textContent)).toBeGreaterThan(9), {
      timeout: 10_000,
    });
  });

  it('opens a pin from the keyboard', async () => {
    renderMap(13);
    const pin = await screen.findByTitle('Rocade Sud (déblai, site compatible trouvé)');
    pin.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('.terres-map-popup')).toHaveTextContent('BTP Alsace'), { timeout: 10_000 });
    // The focus moves to the popup's link, and Escape brings it back to the pin.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Voir l’annonce' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('.terres-map-popup')).toBeNull());
    expect(screen.getByTitle('Rocade Sud (déblai, site compatible trouvé)')).toHaveFocus();
  });

  it('draws no pin above zoom 13, where the parcels are the useful view', async () => {
    const { rerender } = renderMap(13);
    await screen.findByTitle(/Friche DMC/);
    rerender(
      <MapView center={MULHOUSE} zoom={14} height={500} tileUrl={tileUrl} label="Carte des annonces">
        <ListingPins pins={pins} />
      </MapView>,
    );
    await waitFor(() => expect(screen.queryByTitle(/Friche DMC/)).toBeNull());
  });
});
