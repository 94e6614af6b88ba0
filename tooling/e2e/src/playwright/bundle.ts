// The initial JavaScript of a page of the built app: what Vite's manifest says the page needs
// (entry, static imports, the page's route chunks), joined with what Chromium actually fetched
// when opening it, so neither a missed route chunk nor an eager import slips through.
import { expect, test, type Page } from '@playwright/test';
import { formatInitialLoad, initialChunks, measureFiles, readManifest, type InitialLoad } from '../bundle/analyze';

export interface PageJsOptions {
  /** The build served by the stack (`stack.apps[appName].distDir`). */
  distDir: string;
  /** The page, e.g. '/login'. */
  path: string;
  /** Manifest keys of the page's own route files, e.g. /^src\/routes\/(.*[/.])?login[./?]/. */
  routeFiles?: RegExp;
  /** What tells that the page has rendered (e.g. its heading). */
  ready: (page: Page) => Promise<void>;
}

export async function measurePageJs(page: Page, { distDir, path, routeFiles, ready }: PageJsOptions): Promise<InitialLoad> {
  const files = initialChunks(await readManifest(distDir), routeFiles ? { routeFiles } : {});
  const fetched: URL[] = [];
  const onResponse = (response: { url(): string }) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) fetched.push(url);
  };
  page.on('response', onResponse);
  await page.goto(path);
  await ready(page);
  // Lazy route chunks load after the first render: wait until the page stops fetching.
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const origin = new URL(page.url()).origin;
  const own = fetched.filter((url) => url.origin === origin).map((url) => url.pathname.replace(/^\//, ''));
  expect(own.length, `no JavaScript fetched from ${path}`).toBeGreaterThan(0);
  for (const file of own) if (!files.has(file)) files.set(file, 'seen in the browser');
  const load = await measureFiles(distDir, files);
  const report = formatInitialLoad(`Initial JavaScript of ${path}`, load);
  console.log(report);
  await test.info().attach(`initial JavaScript of ${path}`, { body: report, contentType: 'text/plain' });
  return load;
}
