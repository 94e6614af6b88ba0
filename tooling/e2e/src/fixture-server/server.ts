// Loopback fixture server for browser and end-to-end tests: raster tiles, a cadastre TileJSON with
// vector tiles cut from FIXTURE_PARCELS (geojson-vt + vt-pbf, generated at start), and the national
// address service's search. The public services are unreachable here; tests point the maps at it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { FIXTURE_PARCELS, searchFixtureAddresses } from './data';
import { solidPng } from './png';

export interface FixtureServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * Routes (every answer carries `Access-Control-Allow-Origin: *`):
 * - `/tiles/{z}/{x}/{y}.png`: a light green PNG; `/broken-tiles/...`: 404 for every tile.
 * - `/cadastre.json`: TileJSON pointing to `/cadastre/{z}/{x}/{y}.pbf` (layer `parcelles`);
 *   `/cadastre-invalid-tiles.json`: same with an unusable `tiles` entry (the map uses its fallback);
 *   `/cadastre-500.json`: HTTP 500.
 * - `/search/?q=...&limit=5`: the fixture addresses whose label holds every word of q (see
 *   `searchFixtureAddresses`), none for an unknown place; `/down/search/`: 503.
 * - `/__requests`: the paths requested so far (JSON), `DELETE /__requests` clears them.
 */
export async function startFixtureServer(port = 0): Promise<FixtureServer> {
  const index = new GeoJSONVT(FIXTURE_PARCELS as unknown as ConstructorParameters<typeof GeoJSONVT>[0], {
    maxZoom: 16,
    indexMaxZoom: 16,
    tolerance: 1,
  });
  const tile = solidPng([200, 230, 200]);
  const requests: string[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture.local');
    const send = (status: number, type: string, body: string | Uint8Array) => {
      res.writeHead(status, {
        'Access-Control-Allow-Origin': '*',
        'Content-Type': type,
        'Cache-Control': 'no-store',
      });
      res.end(body);
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' });
      res.end();
      return;
    }
    if (url.pathname === '/__requests') {
      if (req.method === 'DELETE') requests.length = 0;
      send(200, 'application/json', JSON.stringify(requests));
      return;
    }
    requests.push(`${url.pathname}${url.search}`);
    const base = `http://${req.headers.host ?? '127.0.0.1'}`;
    let match: RegExpMatchArray | null;
    if ((match = url.pathname.match(/^\/tiles\/\d+\/\d+\/\d+\.png$/))) {
      send(200, 'image/png', tile);
    } else if (url.pathname.startsWith('/broken-tiles/')) {
      send(404, 'text/plain', 'no tile');
    } else if (url.pathname === '/cadastre.json' || url.pathname === '/cadastre-invalid-tiles.json') {
      const valid = url.pathname === '/cadastre.json';
      send(
        200,
        'application/json',
        JSON.stringify({
          tilejson: '3.0.0',
          name: 'cadastre (fixture)',
          tiles: valid ? [`${base}/cadastre/{z}/{x}/{y}.pbf`] : 'cadastre/{z}.pbf',
          minzoom: 0,
          maxzoom: 16,
          vector_layers: [{ id: 'parcelles', fields: { id: 'String' } }],
        }),
      );
    } else if (url.pathname === '/cadastre-500.json') {
      send(500, 'application/json', '{"error":"boom"}');
    } else if ((match = url.pathname.match(/^\/cadastre\/(\d+)\/(\d+)\/(\d+)\.pbf$/))) {
      const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
      const found = index.getTile(z, x, y);
      if (!found) {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
        res.end();
        return;
      }
      send(200, 'application/x-protobuf', fromGeojsonVt({ parcelles: found }, { version: 2, extent: 4096 }));
    } else if (url.pathname === '/search/' || url.pathname === '/search') {
      const limit = Number.parseInt(url.searchParams.get('limit') ?? '5', 10);
      const body = searchFixtureAddresses(url.searchParams.get('q') ?? '', Number.isNaN(limit) ? 5 : limit);
      send(200, 'application/json', JSON.stringify(body));
    } else if (url.pathname.startsWith('/down/')) {
      send(503, 'text/plain', 'unavailable');
    } else {
      send(404, 'text/plain', 'not found');
    }
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
