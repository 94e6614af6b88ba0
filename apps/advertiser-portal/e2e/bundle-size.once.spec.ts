import { chunksHolding, expect, measurePageJs, test, type InitialLoad } from '@terres/e2e/test';
import type { Page } from '@playwright/test';

// Issue 9: the sign-in page is the first page most people load, often on a phone on site.
const BUDGET_GZIP_BYTES = 150 * 1024;
const MAP_ENGINES = ['leaflet', 'maplibre-gl'];

async function loginLoad(page: Page, distDir: string | null): Promise<InitialLoad> {
  if (!distDir) throw new Error('the stack did not build the portal');
  return measurePageJs(page, {
    distDir,
    path: '/login',
    // The /login route's own chunks, wherever the route file sits (login.tsx, _public/login.tsx, _auth.login.tsx).
    routeFiles: /^src\/routes\/(?:.*[/.])?login(?:\.tsx?|\/|\?|$)/,
    ready: (p) => expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible(),
  });
}

test('/login loads no map engine', async ({ page, stack, appName }) => {
  const load = await loginLoad(page, stack.apps[appName].distDir);
  expect(
    chunksHolding(load, MAP_ENGINES).map((chunk) => `${chunk.file} (${chunk.reason}): ${chunk.packages.join(', ')}`),
    'chunks loaded by /login that hold a map engine',
  ).toEqual([]);
});

test('/login loads at most 150 KB of JavaScript (gzip)', async ({ page, stack, appName }) => {
  const load = await loginLoad(page, stack.apps[appName].distDir);
  expect(load.totalGzipBytes, `initial JavaScript of /login in bytes (gzip), budget ${BUDGET_GZIP_BYTES}`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
});
