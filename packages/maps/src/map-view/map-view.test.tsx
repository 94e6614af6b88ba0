import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  MapView,
  MAX_ZOOM,
  clampZoom,
  needsRecenter,
  resolveCenter,
  useLeafletMap,
} from './map-view';

/** Shows the view of the map it lives in, updated on every move. */
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
    <p>
      {lat.toFixed(2)},{lng.toFixed(2)} z{map.getZoom()}
    </p>
  );
}

describe('resolveCenter', () => {
  it('keeps a pair of finite numbers', () => {
    expect(resolveCenter([48.58, 7.75])).toEqual([48.58, 7.75]);
    expect(resolveCenter([0, 0])).toEqual([0, 0]);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty array', []],
    ['one value', [48.58]],
    ['three values', [48.58, 7.75, 3]],
    ['a string pair', ['48.58', '7.75']],
    ['NaN', [Number.NaN, 7.75]],
    ['Infinity', [48.58, Number.POSITIVE_INFINITY]],
    ['an object', { lat: 48.58, lng: 7.75 }],
  ])('falls back to the default centre for %s', (_label, value) => {
    expect(resolveCenter(value)).toEqual(DEFAULT_CENTER);
  });

  it('defaults near latitude 47.75, longitude 7.33', () => {
    expect(DEFAULT_CENTER).toEqual([47.75, 7.33]);
  });
});

describe('clampZoom', () => {
  it('defaults to 13', () => {
    expect(DEFAULT_ZOOM).toBe(13);
    expect(clampZoom(undefined)).toBe(13);
    expect(clampZoom(Number.NaN)).toBe(13);
  });

  it('clamps to the maximum zoom 16', () => {
    expect(MAX_ZOOM).toBe(16);
    expect(clampZoom(18)).toBe(16);
    expect(clampZoom(16)).toBe(16);
    expect(clampZoom(15)).toBe(15);
    expect(clampZoom(-2)).toBe(0);
  });
});

describe('needsRecenter', () => {
  it('ignores moves of at most 1e-7 degrees', () => {
    expect(needsRecenter([47.75, 7.33], 13, [47.75 + 5e-8, 7.33], 13)).toBe(false);
    expect(needsRecenter([47.75, 7.33], 13, [47.75, 7.33], 13)).toBe(false);
  });

  it('recentres on a larger move or a zoom change', () => {
    expect(needsRecenter([47.75, 7.33], 13, [47.75 + 1e-6, 7.33], 13)).toBe(true);
    expect(needsRecenter([47.75, 7.33], 13, [47.75, 7.33 - 1e-6], 13)).toBe(true);
    expect(needsRecenter([47.75, 7.33], 13, [47.75, 7.33], 14)).toBe(true);
  });
});

describe('MapView', () => {
  it('renders a labelled region with the default height', () => {
    render(<MapView />);
    expect(screen.getByRole('region', { name: 'Carte' })).toBeInTheDocument();
    expect(screen.getByTestId('map-view-container')).toHaveStyle({ height: '400px', width: '100%' });
  });

  it('uses the given height and label', () => {
    render(<MapView height={600} label="Carte des annonces" center={[48.58, 7.75]} zoom={20} />);
    expect(screen.getByRole('region', { name: 'Carte des annonces' })).toBeInTheDocument();
    expect(screen.getByTestId('map-view-container')).toHaveStyle({ height: '600px' });
  });

  it('creates the Leaflet map, clamps the zoom and hands the map to its children', async () => {
    render(
      <MapView center={[48.58, 7.75]} zoom={20}>
        <Probe />
      </MapView>,
    );
    expect(await screen.findByText('48.58,7.75 z16')).toBeInTheDocument();
    expect(screen.getByTestId('map-view-container')).toHaveClass('leaflet-container');
  });

  it('recentres when the centre prop changes', async () => {
    const { rerender } = render(
      <MapView center={[48.58, 7.75]}>
        <Probe />
      </MapView>,
    );
    await screen.findByText('48.58,7.75 z13');
    rerender(
      <MapView center={[43.6, 1.44]} zoom={15}>
        <Probe />
      </MapView>,
    );
    expect(await screen.findByText('43.60,1.44 z15')).toBeInTheDocument();
  });
});
