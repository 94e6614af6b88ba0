// pnpm bench:web: Lighthouse on both web apps' production builds, served as deployed: nginx with
// deploy/nginx's site template (TLS with a self-signed certificate, HTTP/2, gzip, the API on the
// app's own origin under /api/), in front of the end-to-end stack (the built API on a fresh
// database, each app built). BENCH_WEB_FRONT=stack measures the stack's own test server instead
// (HTTP/1.1: at most 6 connections, so each file costs more on a slow network). For each app:
// its /login signed out (and the portal's /register), and its home signed in (the portal's
// dashboard, the console's home) on a first visit with an empty cache (the session seeded as a
// browser keeps it: the refresh cookie and localStorage's user, so the app renews it through
// /auth/refresh as a new tab does). Mobile (Lighthouse's default: a mid-range phone, slow 4G,
// simulated throttling) and desktop. Prints performance, accessibility, LCP, TBT and CLS per page,
// Lighthouse's CPU benchmark index of the run (its measure of this machine's speed at that moment:
// the scores follow it) and the machine's load; asserts nothing.
// Each run is appended to bench/results/web.md (BENCH_RESULTS=0: print only).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import { createMailClient } from '../src/mail/client';
import { E2eApi } from '../src/playwright/api';
import { forgetUsedCodes } from '../src/stack/database';
import { deployedSite, ensureNginx, startNginx, type Nginx } from '../src/deploy/nginx';
import { findRepoRoot, freePort, startStack, type AppName } from '../src/stack/stack';
import { recordResults } from './bench-results';

recordResults('web');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 1);
/** A folder to keep each run's Lighthouse report in (JSON), e.g. to open in the Lighthouse viewer. */
const REPORTS = process.env.BENCH_WEB_REPORTS;
/** Words on the command line keep the pages whose label holds one of them (`pnpm bench:web -- dashboard`). */
const ONLY = process.argv.slice(2).filter((arg) => arg !== '--');
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
/** 'nginx': as deployed (TLS, HTTP/2); 'stack': the end-to-end stack's test server (HTTP/1.1). */
const FRONT = process.env.BENCH_WEB_FRONT === 'stack' ? 'stack' : 'nginx';
/** The apps' host names behind nginx (Chromium resolves them to loopback). */
const HOSTS: Record<AppName, string> = { 'advertiser-portal': 'annonces.test', 'admin-console': 'admin.test' };

interface Page {
  app: AppName;
  label: string;
  path: string;
  /** Signed in as this user (their session seeded in the browser), or signed out. */
  as: 'owner' | 'admin' | null;
}

const PAGES: Page[] = [
  { app: 'advertiser-portal', label: 'portal /login', path: '/login', as: null },
  { app: 'advertiser-portal', label: 'portal /register', path: '/register', as: null },
  { app: 'advertiser-portal', label: 'portal dashboard (signed in)', path: '/dashboard', as: 'owner' },
  { app: 'admin-console', label: 'console /login', path: '/login', as: null },
  { app: 'admin-console', label: 'console home (signed in)', path: '/admin', as: 'admin' },
];

interface Row {
  page: string;
  device: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number;
  finalUrl: string;
}

console.log(
  `bench:web on ${availableParallelism()} cores, load average ${load()}; served by ${FRONT === 'nginx' ? 'nginx as deployed (deploy/nginx: TLS, HTTP/2, gzip)' : 'the end-to-end stack (HTTP/1.1, gzip)'}`,
);
const pages = PAGES.filter((candidate) => ONLY.length === 0 || ONLY.some((word) => candidate.label.includes(word)));
const httpsPort = FRONT === 'nginx' ? await freePort() : 0;
const httpsOrigin = (app: AppName) => `https://${HOSTS[app]}:${httpsPort}`;
const stack = await startStack({
  apps: [...new Set(pages.map((page) => page.app))],
  sameOriginApi: true,
  // Behind nginx the apps' origins are the https ones: the API's links and allowed origins follow.
  ...(FRONT === 'nginx'
    ? { apiEnv: { ADVERTISER_PORTAL_URL: httpsOrigin('advertiser-portal'), ADMIN_CONSOLE_URL: httpsOrigin('admin-console') } }
    : {}),
  log: (line) => console.error(`[e2e] ${line}`),
});
/** Where the browser opens `app`. */
const origin = (app: AppName) => (FRONT === 'nginx' ? httpsOrigin(app) : stack.info.apps[app].url);
let nginx: Nginx | undefined;
const nginxDir = FRONT === 'nginx' ? mkdtempSync(join(tmpdir(), 'terres-bench-web-')) : undefined;
if (nginxDir) {
  // As a deployment does: each app's build with its config.json, deploy/nginx's site around them.
  const site = deployedSite(nginxDir, {
    hosts: { portal: HOSTS['advertiser-portal'], console: HOSTS['admin-console'] },
    dists: { portal: stack.info.apps['advertiser-portal'].distDir, console: stack.info.apps['admin-console'].distDir },
    httpsPort,
    fixturesUrl: stack.info.fixturesUrl,
  });
  nginx = await startNginx({
    nginx: ensureNginx((line) => console.error(`[nginx] ${line}`)),
    deployDir: join(findRepoRoot(), 'deploy'),
    dir: join(nginxDir, 'nginx'),
    values: {
      API_SERVERS: `    server ${new URL(stack.info.apiOrigin).host};`,
      HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      HTTP_LISTEN: `127.0.0.1:${await freePort()}`,
      ...site.values,
    },
    onLine: (line) => console.error(`[nginx] ${line}`),
  });
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    ...(FRONT === 'nginx'
      ? ['--ignore-certificate-errors', `--host-resolver-rules=${Object.values(HOSTS).map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`]
      : []),
  ],
});
const rows: Row[] = [];
try {
  const api = new E2eApi(stack.info, createMailClient(stack.info.mailUrl));
  // An owner as the demo's: a verified organisation with credits and a few listings.
  const owner = await api.seedOwner({ email: 'bench.owner@e2e.test', credits: 200 });
  for (const [index, type] of ['CUT', 'FILL', 'CUT', 'FILL', 'CUT'].entries()) {
    await api.call(owner.session, 'POST', '/inquiries', { type, project_name: `Chantier de test ${index + 1}`, status: 'DRAFT' });
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0]!;

  /** Signs `email` in on `origin` as the app does: the API's answer sets the refresh cookie, localStorage keeps the user. */
  const seedSession = async (app: AppName, email: string) => {
    await forgetUsedCodes(stack.info.databaseUrl, email);
    const since = Date.now();
    await api.call(null, 'POST', '/auth/login/magic-link/request', { email });
    const otp = await createMailClient(stack.info.mailUrl).lastCode(email, { since });
    const tab = await context.newPage();
    await tab.goto(`${origin(app)}/favicon.ico`);
    await tab.evaluate(
      async ([apiUrl, body]) => {
        const response = await fetch(`${apiUrl}/auth/magic-link/verify`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body,
        });
        if (!response.ok) throw new Error(`verify answered ${response.status}`);
        const answer = (await response.json()) as { user: unknown; refreshTokenExpirationDate: string };
        localStorage.setItem('user', JSON.stringify(answer.user));
        localStorage.setItem('refreshTokenExpirationDate', answer.refreshTokenExpirationDate);
      },
      [`${origin(app)}/api/v1`, JSON.stringify({ email, otp })] as const,
    );
    await tab.close();
  };

  for (let round = 0; round < ROUNDS; round += 1) {
    for (const page of pages) {
      for (const device of ['mobile', 'desktop'] as const) {
        if (page.as === 'owner') await seedSession(page.app, owner.email);
        if (page.as === 'admin') await seedSession(page.app, stack.info.adminEmails[0]!);
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
        const result = (await lighthouse(`${origin(page.app)}${page.path}`, flags, device === 'desktop' ? desktopConfig : undefined)) as RunnerResult;
        const { lhr } = result;
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const name = `${page.label.replace(/[^a-z]+/gi, '-').replace(/-$/, '')}-${device}-${round + 1}.json`;
          writeFileSync(join(REPORTS, name), JSON.stringify(lhr));
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        rows.push({
          page: page.label,
          device,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
        });
        const row = rows.at(-1)!;
        console.error(`[bench] ${row.page} ${row.device}: ${row.performance} (load ${load()})`);
      }
      // Signed out again before the next page (its /login would redirect a signed-in visitor).
      const tab = await context.newPage();
      await tab.goto(`${origin(page.app)}/favicon.ico`);
      await tab.evaluate(() => localStorage.clear());
      await tab.close();
    }
  }
  await browser.close();
} finally {
  await chrome.kill();
  await nginx?.stop();
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  await stack.stop();
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log('');
console.log(
  `${'page'.padEnd(32)} ${'device'.padEnd(8)} ${pad('perf', 5)} ${pad('a11y', 5)} ${pad('LCP ms', 7)} ${pad('TBT ms', 7)} ${pad('CLS', 6)} ${pad('CPU idx', 7)}  landed on`,
);
console.log('-'.repeat(100));
for (const row of rows) {
  console.log(
    `${row.page.padEnd(32)} ${row.device.padEnd(8)} ${pad(row.performance, 5)} ${pad(row.accessibility, 5)} ${pad(Math.round(row.lcp), 7)} ${pad(Math.round(row.tbt), 7)} ${pad(row.cls.toFixed(3), 6)} ${pad(row.benchmarkIndex, 7)}  ${row.finalUrl}`,
  );
}
console.log('');
console.log(`load average at the end ${load()}`);
console.log('Mobile: Lighthouse simulates slow 4G and a CPU 4x slower than this one; desktop: a fast network, no slow-down.');
console.log('CPU idx: Lighthouse’s benchmark index of this machine during the run (higher is faster): on a loaded machine');
console.log('TBT and LCP grow with the load; compare runs of similar index.');
