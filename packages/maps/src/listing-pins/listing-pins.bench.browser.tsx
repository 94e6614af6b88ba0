// Benchmark (prints figures, asserts no timing): 10 000 listing pins on the admin map in Chromium,
// over the loopback tile fixture. Clustered layer (ListingPins) against the naive way (one Leaflet
// marker per listing). Run: pnpm --filter @terres/maps bench
import { render, waitFor } from '@testing-library/react';
import * as L from 'leaflet';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { expect, inject, it } from 'vitest';
import { MapView, useLeafletMap } from '../map-view/map-view';
import { pinIcon } from '../map-view/pin-icon';
import { buildPinIndex } from './clusters';
import { demoPins } from './demo-pins';
import { ListingPins } from './listing-pins';

const tileUrl = `${inject('fixtureUrl')}/tiles/{z}/{x}/{y}.png`;
const COUNT = 10_000;
const pins = demoPins(COUNT);

function Capture({ onMap }: { onMap: (map: L.Map) => void }) {
  const map = useLeafletMap();
  useEffect(() => {
    onMap(map);
  }, [map, onMap]);
  return null;
}

/** The naive layer: one Leaflet marker per listing, all in the page. */
function NaivePins({ onDrawn }: { onDrawn: () => void }) {
  const map = useLeafletMap();
  useEffect(() => {
    const layer = L.layerGroup(pins.map((pin) => L.marker([pin.latitude, pin.longitude], { icon: pinIcon(pin.type), title: pin.projectName, keyboard: true }))).addTo(map);
    onDrawn();
    return () => {
      layer.remove();
    };
  }, [map, onDrawn]);
  return null;
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const once = (map: L.Map, event: string) => new Promise<void>((resolve) => map.once(event, () => resolve()));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Frame times (ms between animation frames) while panning and zooming the map. */
async function interact(map: L.Map): Promise<{ frames: number[]; markersMax: number }> {
  const frames: number[] = [];
  let running = true;
  let markersMax = 0;
  let last = await frame();
  const loop = (now: number) => {
    frames.push(now - last);
    last = now;
    markersMax = Math.max(markersMax, document.querySelectorAll('.leaflet-marker-icon').length);
    if (running) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  // Pan across the country in animated steps, then zoom in to the opening zoom and back out.
  for (let i = 0; i < 12; i += 1) {
    const moved = once(map, 'moveend');
    map.panBy([i % 2 ? -300 : 300, i % 3 ? 120 : -120], { animate: true, duration: 0.25 });
    await moved;
  }
  for (const zoom of [7, 8, 9, 10, 11, 12, 13, 12, 10, 8, 6]) {
    const zoomed = once(map, 'zoomend');
    map.setView([48.58, 7.75], zoom, { animate: true });
    await zoomed;
    await frame();
  }
  for (let i = 0; i < 8; i += 1) {
    const moved = once(map, 'moveend');
    map.panBy([i % 2 ? 250 : -250, 0], { animate: true, duration: 0.25 });
    await moved;
  }
  running = false;
  await frame();
  return { frames: frames.slice(1), markersMax };
}

function report(name: string, firstRender: number, result: { frames: number[]; markersMax: number }) {
  const sorted = [...result.frames].sort((a, b) => a - b);
  const long = sorted.filter((ms) => ms > 50).length;
  const line = [
    name.padEnd(34),
    `first render ${firstRender.toFixed(0).padStart(6)} ms`,
    `frames ${String(sorted.length).padStart(4)}`,
    `p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms`,
    `p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms`,
    `max ${(sorted.at(-1) ?? 0).toFixed(0).padStart(5)} ms`,
    `> 50 ms: ${long}`,
    `markers in page ≤ ${result.markersMax}`,
  ].join(' | ');
  console.log(line);
}

async function run(name: string, layer: (done: () => void) => ReactNode) {
  let map: L.Map | undefined;
  let drawnAt: number | undefined;
  const start = performance.now();
  const view = render(
    <MapView center={[46.6, 2.5]} zoom={6} height={800} tileUrl={tileUrl} label="Carte des annonces">
      <Capture onMap={(m) => (map = m)} />
      {layer(() => (drawnAt ??= performance.now()))}
    </MapView>,
  );
  await waitFor(() => expect(drawnAt).toBeDefined(), { timeout: 120_000 });
  // First render: until the frame after the pins were added has been painted.
  await frame();
  await frame();
  const firstRender = performance.now() - start;
  if (!map) throw new Error('no map');
  const result = await interact(map);
  report(name, firstRender, result);
  view.unmount();
}

it(`prints the figures of ${COUNT} pins on the admin map`, async () => {
  const indexStart = performance.now();
  buildPinIndex(pins);
  console.log(`supercluster index of ${COUNT} pins: ${(performance.now() - indexStart).toFixed(1)} ms`);
  await run(`clustered (ListingPins), ${COUNT} pins`, (done) => <ListingPins pins={pins} onDraw={done} />);
  await run(`naive (1 marker each), ${COUNT} pins`, (done) => <NaivePins onDrawn={done} />);
});
