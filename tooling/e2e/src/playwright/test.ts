// The `test` every journey imports: Playwright's, plus the stack (`stack`), the mailbox (`mail`),
// API seeding (`api`), the app under test as `baseURL`, and two checks on every page: no uncaught
// script error, and no request leaving the machine.
import { test as base, expect, type Page } from '@playwright/test';
import { createMailClient, type MailClient } from '../mail/client';
import type { AppName, StackInfo } from '../stack/stack';
import { chunksHolding } from '../bundle/analyze';
import { E2eApi } from './api';
import { LOGIN_BUDGET_BYTES, measureLoginLoad } from './bundle';
import { currentStack } from './stack-info';

export interface E2eWorkerOptions {
  /** The app under test (set by defineAppConfig). */
  appName: AppName;
}

export interface E2eWorkerFixtures {
  /** URLs of this run's stack. */
  stack: StackInfo;
  /** The SMTP capture: `waitForMail`, `lastCode`, `lastLink`. */
  mail: MailClient;
  /** Seeding through the HTTP API (`seedOwner`, `signIn`, `admin`, `call`, `upload`). */
  api: E2eApi;
}

export interface E2eTestOptions {
  /** Hosts other than loopback a test may request (none: the public services are unreachable here). */
  allowedHosts: string[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const test = base.extend<E2eTestOptions, E2eWorkerOptions & E2eWorkerFixtures>({
  appName: ['advertiser-portal', { scope: 'worker', option: true }],
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(currentStack());
    },
    { scope: 'worker' },
  ],
  mail: [
    async ({ stack }, use) => {
      await use(createMailClient(stack.mailUrl));
    },
    { scope: 'worker' },
  ],
  api: [
    async ({ stack, mail }, use) => {
      await use(new E2eApi(stack, mail));
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack, appName }, use) => {
    const app = stack.apps[appName];
    if (!app.built) throw new Error(`${appName} is not built in this run`);
    await use(app.url);
  },
  allowedHosts: [[], { option: true }],
  context: async ({ context, allowedHosts }, use) => {
    const problems: string[] = [];
    context.on('weberror', (error) => problems.push(`uncaught error in the page: ${error.error().stack ?? error.error().message}`));
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
      if (LOOPBACK.has(url.hostname) || allowedHosts.includes(url.hostname)) return;
      problems.push(`request off this machine: ${request.method()} ${url.origin}${url.pathname} (configure the app to use the stack's fixtures)`);
    });
    await use(context);
    if (problems.length > 0) throw new Error(`The pages of this test misbehaved:\n- ${[...new Set(problems)].join('\n- ')}`);
  },
});

type LoginCheck = (fixtures: { page: Page; stack: StackInfo; appName: AppName }) => Promise<void>;

/**
 * The sign-in page's bundle checks, the same in both apps (each app's e2e/bundle-size.once.spec.ts
 * names its tests with them): /login is the first page most people load, often on a phone on site
 * (issues 9, 21 and 23). `noMapEngine`: no chunk of it holds leaflet or maplibre-gl.
 * `withinBudget`: at most LOGIN_BUDGET_BYTES, the typeface included.
 */
export const loginBundleChecks: { noMapEngine: LoginCheck; withinBudget: LoginCheck } = {
  noMapEngine: async ({ page, stack, appName }) => {
    const load = await measureLoginLoad(page, stack.apps[appName].distDir);
    expect(
      chunksHolding(load, ['leaflet', 'maplibre-gl']).map((chunk) => `${chunk.file} (${chunk.reason}): ${chunk.packages.join(', ')}`),
      'chunks loaded by /login that hold a map engine',
    ).toEqual([]);
  },
  withinBudget: async ({ page, stack, appName }) => {
    const load = await measureLoginLoad(page, stack.apps[appName].distDir);
    // The preloaded French file of Source Sans 3, and no other font (decision 0180).
    expect(load.chunks.filter((chunk) => chunk.kind === 'font').map((chunk) => chunk.file)).toEqual([
      expect.stringMatching(/^assets\/source-sans-3-french-wght-normal-[\w-]+\.woff2$/),
    ]);
    expect(load.totalGzipBytes, `initial load of /login in bytes (gzip), budget ${LOGIN_BUDGET_BYTES}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  },
};

export { expect };
export * from './helpers';
export { LOGIN_BUDGET_BYTES, measureLoginLoad, measurePageLoad, type PageLoadOptions } from './bundle';
export { chunksHolding, type InitialLoad } from '../bundle/analyze';
export { ApiError, DEFAULT_ORGANIZATION, E2eApi, type ApiUser, type SeededOwner, type SeedOwnerOptions, type Session } from './api';
export { completeListing, day, pdf, uniqueWord, type CompleteListingOptions } from './listing-data';
export { currentStack, STACK_ENV } from './stack-info';
export { FIXTURE_CENTER, FIXTURE_PARCEL_IDS, FIXTURE_SITES, type FixtureSite } from '../fixture-server/data';
export type { CapturedMail, MailClient } from '../mail';
export type { AppName, StackInfo } from '../stack/stack';
