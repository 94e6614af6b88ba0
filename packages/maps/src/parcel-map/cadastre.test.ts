import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CADASTRE_UNAVAILABLE_MESSAGE,
  DEFAULT_CADASTRE_TILE_URL,
  DEFAULT_CADASTRE_TILEJSON_URL,
  PARCEL_COLOURS,
  cadastreSourceFrom,
  clearCadastreCache,
  isValidTiles,
  loadCadastreSource,
  parcelColour,
  parcelRole,
  tileJsonStatusMessage,
  toggleParcel,
} from './cadastre';

afterEach(() => {
  vi.unstubAllGlobals();
  clearCadastreCache();
});

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('cadastre TileJSON', () => {
  it('defaults to the public Etalab cadastre', () => {
    expect(DEFAULT_CADASTRE_TILEJSON_URL).toBe('https://openmaptiles.geo.data.gouv.fr/data/cadastre.json');
    expect(DEFAULT_CADASTRE_TILE_URL).toBe('https://openmaptiles.geo.data.gouv.fr/data/cadastre/{z}/{x}/{y}.pbf');
  });

  it('accepts only a non-empty list of {z}/{x}/{y} templates', () => {
    expect(isValidTiles(['https://t/{z}/{x}/{y}.pbf'])).toBe(true);
    expect(isValidTiles([])).toBe(false);
    expect(isValidTiles('https://t/{z}/{x}/{y}.pbf')).toBe(false);
    expect(isValidTiles(['https://t/tile.pbf'])).toBe(false);
    expect(isValidTiles([42])).toBe(false);
    expect(isValidTiles(undefined)).toBe(false);
  });

  it('keeps valid tiles and zooms, and falls back to the template otherwise', () => {
    expect(cadastreSourceFrom({ tiles: ['https://a/{z}/{x}/{y}.pbf'], minzoom: 0, maxzoom: 16 }, 'https://b/{z}/{x}/{y}')).toEqual({
      tiles: ['https://a/{z}/{x}/{y}.pbf'],
      minzoom: 0,
      maxzoom: 16,
    });
    expect(cadastreSourceFrom({ tiles: 'nope' }, 'https://b/{z}/{x}/{y}')).toEqual({ tiles: ['https://b/{z}/{x}/{y}'] });
    expect(cadastreSourceFrom(null, 'https://b/{z}/{x}/{y}')).toEqual({ tiles: ['https://b/{z}/{x}/{y}'] });
  });

  it('fetches a URL once and shares the answer', async () => {
    const fetchMock = vi.fn(async () => answer({ tiles: ['https://a/{z}/{x}/{y}.pbf'] }));
    vi.stubGlobal('fetch', fetchMock);
    const [first, second] = await Promise.all([loadCadastreSource('https://x/c.json'), loadCadastreSource('https://x/c.json')]);
    await loadCadastreSource('https://x/c.json');
    expect(first).toBe(second);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('https://x/c.json', expect.anything());
  });

  it('rejects with the spec messages and retries after a failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({}, 503)));
    await expect(loadCadastreSource('https://x/c.json')).rejects.toThrow('Erreur lors du chargement du TileJSON Cadastre: 503');
    expect(tileJsonStatusMessage(404)).toBe('Erreur lors du chargement du TileJSON Cadastre: 404');

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(loadCadastreSource('https://x/c.json')).rejects.toThrow(CADASTRE_UNAVAILABLE_MESSAGE);
    expect(CADASTRE_UNAVAILABLE_MESSAGE).toBe('Impossible de charger le TileJSON cadastre');

    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    await expect(loadCadastreSource('https://x/c.json')).rejects.toThrow(CADASTRE_UNAVAILABLE_MESSAGE);

    vi.stubGlobal('fetch', vi.fn(async () => answer({ tiles: ['https://a/{z}/{x}/{y}.pbf'] })));
    await expect(loadCadastreSource('https://x/c.json')).resolves.toEqual({ tiles: ['https://a/{z}/{x}/{y}.pbf'] });
  });
});

describe('parcel colours', () => {
  const mine = new Set(['A', 'B']);
  const theirs = new Set(['B', 'C']);

  it('gives each parcel its role', () => {
    expect(parcelRole('A', mine, theirs)).toBe('selected');
    expect(parcelRole('B', mine, theirs)).toBe('overlap');
    expect(parcelRole('C', mine, theirs)).toBe('other');
    expect(parcelRole('D', mine, theirs)).toBe('none');
  });

  it('draws cut yellow, fill red, overlaps purple, as the design tokens', () => {
    expect(PARCEL_COLOURS).toEqual({ CUT: '#f2c200', FILL: '#dc3c3c', overlap: '#8e44ad' });
    expect(parcelColour('selected', 'CUT')).toBe('#f2c200');
    expect(parcelColour('selected', 'FILL')).toBe('#dc3c3c');
    expect(parcelColour('other', 'CUT')).toBe('#dc3c3c');
    expect(parcelColour('other', 'FILL')).toBe('#f2c200');
    expect(parcelColour('overlap', 'CUT')).toBe('#8e44ad');
  });

  it('toggles a parcel in or out of the selection', () => {
    expect(toggleParcel(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggleParcel(['A', 'B'], 'A')).toEqual(['B']);
  });
});
