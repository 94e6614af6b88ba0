import { chunksHolding, expect, LOGIN_BUDGET_BYTES, measureLoginLoad, test } from '@terres/e2e/test';

// The sign-in page is the first page most people load, often on a phone on site (issues 9 and 21).
const MAP_ENGINES = ['leaflet', 'maplibre-gl'];

test('/login loads no map engine', async ({ page, stack, appName }) => {
  const load = await measureLoginLoad(page, stack.apps[appName].distDir);
  expect(
    chunksHolding(load, MAP_ENGINES).map((chunk) => `${chunk.file} (${chunk.reason}): ${chunk.packages.join(', ')}`),
    'chunks loaded by /login that hold a map engine',
  ).toEqual([]);
});

test('/login loads at most 120 KB of JavaScript, CSS and fonts (gzip), the typeface included', async ({ page, stack, appName }) => {
  const load = await measureLoginLoad(page, stack.apps[appName].distDir);
  // The preloaded French file of Source Sans 3, and no other font (decision 0180).
  expect(load.chunks.filter((chunk) => chunk.kind === 'font').map((chunk) => chunk.file)).toEqual([
    expect.stringMatching(/^assets\/source-sans-3-french-wght-normal-[\w-]+\.woff2$/),
  ]);
  expect(load.totalGzipBytes, `initial load of /login in bytes (gzip), budget ${LOGIN_BUDGET_BYTES}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});
