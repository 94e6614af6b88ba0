import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '@terres/e2e/test';
import { recordResults } from './record-results.mjs';

// Issue 10's browser figures, printed (nothing is asserted: a benchmark, not a timed test):
// - the organisations table: from a key typed in the search to the matching rows on screen;
// - the listings map with 10 000 listings: time to the first pins, time to the country view's
//   pins, and the frame times while dragging the map.
// The stack's fresh database is filled by the API's `seed:scale` (2 000 organisations,
// 10 000 listings over mainland France; change with BENCH_LISTINGS / BENCH_ORGANIZATIONS).

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 2_000);

test.describe.configure({ mode: 'serial' });

// The [bench] lines go to bench/results/ui.md as well (the test's own output, as printed). Only in
// the worker: Playwright's runner also loads this file, to list the tests.
const results = process.env.TEST_WORKER_INDEX === undefined ? { save() {} } : recordResults('ui');
test.afterAll(() => results.save());

test.beforeAll(async ({ stack }) => {
  const repoRoot = join(import.meta.dirname, '..', '..', '..');
  const output = execFileSync(
    'pnpm',
    ['--filter', '@terres/api', 'seed:scale', '--listings', String(LISTINGS), '--organizations', String(ORGANIZATIONS)],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: stack.databaseUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  console.log(`[bench] load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${process.env.HOSTNAME ?? 'this machine'}`);
  console.log(output.trim().split('\n').filter((line) => line.startsWith('seed:scale') || /^[A-Z_]+ \d/.test(line)).join('\n'));
});

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const summary = (values: readonly number[]) =>
  `n ${values.length} | p50 ${ms(quantile(values, 0.5))} | p95 ${ms(quantile(values, 0.95))} | max ${ms(Math.max(...values))}`;

test('organisations table: a key typed to its results on screen', async ({ page, api, stack }) => {
  const admin = await api.admin();
  const names = (await api.call<{ name: string }[]>(admin, 'GET', '/organizations?page=1&page_size=100&sort=-created_at')).map((o) => o.name);
  // Realistic searches: the start of organisation names, a word inside one, a SIRET start, nothing.
  const queries = [
    ...names.slice(0, 6).map((name) => name.slice(0, 9)),
    ...names.slice(6, 10).map((name) => name.split(' ').at(-1) ?? name),
    '7328',
    'zzqx',
  ];
  await signIn(page, stack.adminEmails[0]!);
  await page.goto('/admin/organizations');
  const table = page.getByRole('table', { name: 'Liste des organisations' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const field = page.getByRole('searchbox', { name: 'Rechercher une organisation' });

  // In the page: when a character enters the field, and when the table stops being busy.
  await page.evaluate(() => {
    const w = window as unknown as { bench: { keys: number[]; idle: number[]; busy: number[] } };
    w.bench = { keys: [], idle: [], busy: [] };
    // 'input' rather than 'keydown': accented letters are typed as text, without a key event.
    document.addEventListener('input', () => w.bench.keys.push(performance.now()), true);
    const tableElement = document.querySelector('table.terres-data-table__table')!;
    new MutationObserver(() => {
      const now = performance.now();
      if (tableElement.hasAttribute('aria-busy')) w.bench.busy.push(now);
      else requestAnimationFrame(() => w.bench.idle.push(performance.now()));
      void now;
    }).observe(tableElement, { attributes: true, attributeFilter: ['aria-busy'] });
  });

  const samples: number[] = [];
  const toRequest: number[] = [];
  for (const query of queries) {
    await field.fill('');
    await expect(table).not.toHaveAttribute('aria-busy');
    await field.focus();
    for (let i = 0; i < query.length; i += 1) {
      await page.keyboard.type(query[i]!);
      if (i < 1) continue; // a search starts at 2 characters
      // The rows of this key: the table went busy after the key, then idle and painted.
      const latency = await page.waitForFunction(
        () => {
          const { keys, busy, idle } = (window as unknown as { bench: { keys: number[]; idle: number[]; busy: number[] } }).bench;
          const key = keys.at(-1)!;
          const wentBusy = busy.find((t) => t >= key);
          if (wentBusy === undefined) return performance.now() - key > 1500 ? -1 : false;
          const done = idle.find((t) => t >= wentBusy);
          return done === undefined ? false : [done - key, wentBusy - key];
        },
        undefined,
        { polling: 'raf', timeout: 15_000 },
      );
      const value = (await latency.jsonValue()) as number | [number, number];
      if (Array.isArray(value)) {
        samples.push(value[0]);
        toRequest.push(value[1]);
      }
    }
  }
  console.log(`[bench] organisations table (${ORGANIZATIONS} organisations), key to results painted: ${summary(samples)}`);
  console.log(`[bench]   of which key to the table loading (router, render, request sent): ${summary(toRequest)}`);
});

/** Frame intervals recorded by requestAnimationFrame while `action` runs. */
async function frameTimes(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { frames: number[]; recording: boolean };
    w.frames = [];
    w.recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.frames.push(now - last);
      last = now;
      if (w.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await action();
  return page.evaluate(() => {
    const w = window as unknown as { frames: number[]; recording: boolean };
    w.recording = false;
    return w.frames.slice(1);
  });
}

async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 30 });
  await page.mouse.up();
}

test('listings map: time to pins and dragging fluidity', async ({ page, stack }) => {
  await signIn(page, stack.adminEmails[0]!);
  // The first marker added to the page, timed from the navigation's start.
  await page.addInitScript(() => {
    const w = window as unknown as { firstPin?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('.leaflet-marker-icon')) {
        w.firstPin = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/admin/map');
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 60_000 });
  const firstPin = await page.evaluate(() => (window as unknown as { firstPin: number }).firstPin);
  const nav = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
  console.log(`[bench] map (${LISTINGS} listings), zoom 13: first pins ${ms(firstPin)} after the navigation started (DOM ready at ${ms(nav)})`);

  const map = page.getByRole('region', { name: 'Carte des annonces de toutes les organisations' });
  const box = (await map.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  // Zoom out to the country (13 -> 6), then time the pins of the whole of France.
  const pinAnswers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/inquiries/pins')) void response.body().then((body) => pinAnswers.push(body.length), () => undefined);
  });
  const loading = page.getByText('Chargement des annonces...');
  const zoomOutStart = Date.now();
  for (let i = 0; i < 7; i += 1) {
    await page.getByRole('button', { name: 'Zoom arrière' }).click();
    await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'), undefined, { polling: 'raf' });
  }
  const countryAsked = Date.now();
  // The area is asked 250 ms after the map stops; its pins are drawn when the line says how many.
  await expect(loading).toBeVisible({ timeout: 60_000 });
  await expect(loading).toBeHidden({ timeout: 60_000 });
  const countryShown = Date.now();
  const count = await page.getByText(/annonces dans cette zone\./).textContent();
  console.log(
    `[bench] map, zoom 13 -> 6 (7 clicks, ${countryAsked - zoomOutStart} ms): the country's pins on screen ${countryShown - countryAsked} ms after the last zoom ` +
      `(largest answer ${(Math.max(...pinAnswers) / 1e6).toFixed(2)} MB, ${pinAnswers.length} pin requests so far; "${count?.trim()}")`,
  );

  const frames = await frameTimes(page, async () => {
    for (const [dx, dy] of [[300, 0], [-300, 150], [0, -300], [250, 200], [-250, -50], [0, 0]] as const) {
      if (dx === 0 && dy === 0) break;
      await drag(page, centre, dx, dy);
    }
  });
  const over50 = frames.filter((frame) => frame > 50).length;
  console.log(`[bench] map at zoom 6, dragging (${frames.length} frames): ${summary(frames)} | frames over 50 ms: ${over50}`);

  // Zoom in to the regional view (9), where the area changes as the map moves.
  for (let i = 0; i < 3; i += 1) {
    await page.getByRole('button', { name: 'Zoom avant' }).click();
    await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'), undefined, { polling: 'raf' });
  }
  await expect(page.getByText(/annonces? dans cette zone\./)).toBeVisible({ timeout: 60_000 });
  const regional = await frameTimes(page, async () => {
    for (const [dx, dy] of [[400, 0], [0, 300], [-400, 0], [0, -300], [500, 250]] as const) await drag(page, centre, dx, dy);
    await expect(page.getByText(/annonces? dans cette zone\./)).toBeVisible({ timeout: 60_000 });
  });
  console.log(
    `[bench] map at zoom 9, dragging and loading new areas (${regional.length} frames): ${summary(regional)} | frames over 50 ms: ${regional.filter((f) => f > 50).length}`,
  );
});
