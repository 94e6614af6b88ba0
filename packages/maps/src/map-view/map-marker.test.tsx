import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MapMarker, UNKNOWN_ORGANIZATION, organizationLabel } from './map-marker';
import { EMPTY_TILE_URL, MapView, PINS_MAX_ZOOM, pinsVisibleAt } from './map-view';

describe('pins and popups', () => {
  it('draws pins at the opening zoom 13 and below, not above', () => {
    expect(PINS_MAX_ZOOM).toBe(13);
    expect(pinsVisibleAt(12)).toBe(true);
    expect(pinsVisibleAt(13)).toBe(true);
    expect(pinsVisibleAt(14)).toBe(false);
    expect(pinsVisibleAt(16)).toBe(false);
  });

  it("reads 'Organisation inconnue' when the organisation is unknown", () => {
    expect(UNKNOWN_ORGANIZATION).toBe('Organisation inconnue');
    expect(organizationLabel(null)).toBe('Organisation inconnue');
    expect(organizationLabel(undefined)).toBe('Organisation inconnue');
    expect(organizationLabel('  ')).toBe('Organisation inconnue');
    expect(organizationLabel('Terrassements Martin')).toBe('Terrassements Martin');
  });

  it('a failing tile shows a transparent image', () => {
    expect(EMPTY_TILE_URL).toMatch(/^data:image\/gif;base64,/);
  });

  it('adds a titled pin at zoom 13, none at zoom 14 unless always visible', async () => {
    const { rerender } = render(
      <MapView zoom={13}>
        <MapMarker position={[47.76, 7.34]} type="CUT" title="Chantier Nord" organizationName="Terrassements Martin" />
      </MapView>,
    );
    expect(await screen.findByTitle('Chantier Nord')).toHaveClass('leaflet-marker-icon');

    rerender(
      <MapView zoom={14}>
        <MapMarker position={[47.76, 7.34]} type="CUT" title="Chantier Nord" organizationName="Terrassements Martin" />
      </MapView>,
    );
    await waitFor(() => expect(screen.queryByTitle('Chantier Nord')).toBeNull());

    rerender(
      <MapView zoom={14}>
        <MapMarker position={[47.76, 7.34]} type="CUT" title="Chantier Nord" alwaysVisible />
      </MapView>,
    );
    expect(await screen.findByTitle('Chantier Nord')).toBeInTheDocument();
  });
});
