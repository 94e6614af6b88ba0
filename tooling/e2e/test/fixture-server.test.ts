import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PARCEL_IDS, FIXTURE_SITES, startFixtureServer, type FixtureServer } from '../src/fixture-server';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

/** The slippy-map tile holding a point. */
function tileOf(lat: number, lng: number, zoom: number): [number, number, number] {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [zoom, x, y];
}

async function search(q: string, limit = 5) {
  const response = await fetch(`${server.url}/search/?q=${encodeURIComponent(q)}&limit=${limit}`);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const body = (await response.json()) as { features: { properties: Record<string, string>; geometry: { coordinates: number[] } }[] };
  return body.features;
}

describe('fixture server', () => {
  it('answers address searches like the national service, word by word, accents and case ignored', async () => {
    const found = await search('place de la cathedrale');
    expect(found.map((feature) => feature.properties.label)).toEqual(['2 Place de la Cathédrale 67000 Strasbourg']);
    expect(found[0]?.properties).toMatchObject({ postcode: '67000', city: 'Strasbourg', street: 'Place de la Cathédrale', housenumber: '2', type: 'housenumber' });
    expect(found[0]?.geometry.coordinates).toEqual([7.7509, 48.5818]);

    expect((await search('rue du sauv')).map((feature) => feature.properties.label)).toEqual([
      '10 Rue du Sauvage 68100 Mulhouse',
      'Rue du Sauvage 68100 Mulhouse',
    ]);
    expect((await search('MULHOUSE')).length).toBe(3);
    expect((await search('mulhouse', 2)).length).toBe(2);
    expect(await search('introuvable')).toEqual([]);
    expect((await fetch(`${server.url}/down/search/?q=x`)).status).toBe(503);
  });

  it('gives every site a search answer at its own coordinates', async () => {
    for (const site of FIXTURE_SITES) {
      const [first] = await search(site.label);
      expect(first?.properties.label).toBe(site.label);
      expect(first?.geometry.coordinates).toEqual([site.center[1], site.center[0]]);
    }
  });

  it('serves the parcels around each site in the cadastre vector tiles at zoom 16', async () => {
    const tilejson = (await (await fetch(`${server.url}/cadastre.json`)).json()) as { tiles: string[]; maxzoom: number };
    expect(tilejson.maxzoom).toBe(16);
    for (const { center, ids } of [
      { center: [47.75, 7.33] as const, ids: FIXTURE_PARCEL_IDS },
      ...FIXTURE_SITES.map((site) => ({ center: site.center, ids: site.parcelIds })),
    ]) {
      const [z, x, y] = tileOf(center[0], center[1], 16);
      const url = tilejson.tiles[0]!.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const tile = new VectorTile(new PbfReader(new Uint8Array(await response.arrayBuffer())));
      const layer = tile.layers.parcelles!;
      const idsInTile = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties.id);
      expect(idsInTile).toContain(ids[0]);
      for (const id of ids) expect(id).toMatch(/^\d{5}\d{3}[A-Z0-9]{2}\d{4}$/);
    }
  });

  it('serves raster tiles as PNG and records what was asked', async () => {
    await fetch(`${server.url}/__requests`, { method: 'DELETE' });
    const response = await fetch(`${server.url}/tiles/13/4264/2869.png`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    expect((await fetch(`${server.url}/broken-tiles/13/1/1.png`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/__requests`)).json()).toEqual(['/tiles/13/4264/2869.png', '/broken-tiles/13/1/1.png']);
  });
});
