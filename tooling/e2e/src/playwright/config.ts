// The Playwright configuration every app's journeys share: Debian's Chromium, a phone and a
// desktop project, one worker, artefacts of failures under the app's test-results/, and a global
// setup that starts the stack once per run.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '@terres/vitest-config/chromium';
import type { AppName } from '../stack/stack';
import type { E2eWorkerOptions } from './test';

/** Site managers use phones on site (issue 9): 375 px wide, touch. */
export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } as const;

/** Specs that run once per run, not once per screen size (e.g. the bundle-size check). */
export const ONCE_SPECS = /\.once\.spec\.ts$/;

export interface AppConfigOptions {
  /** The app whose journeys these are: built, served, and the tests' baseURL. */
  app: AppName;
  /** The app's folder (`import.meta.dirname` in its playwright.config.ts). */
  dir: string;
  /** Other apps a journey crosses into (built too; the others answer 503). */
  alsoBuild?: AppName[];
}

export interface StackMetadata {
  /** Read by the global setup: which apps to build. */
  terresApps: AppName[];
}

export function defineAppConfig({ app, dir, alsoBuild = [] }: AppConfigOptions): PlaywrightTestConfig<object, E2eWorkerOptions> {
  const outputDir = join(dir, 'test-results');
  return defineConfig<object, E2eWorkerOptions>({
    testDir: join(dir, 'e2e'),
    outputDir,
    // 2 cores for the API, the browser and the runner: one test at a time.
    workers: 1,
    fullyParallel: false,
    forbidOnly: Boolean(process.env.CI),
    // A flaky journey is a defect to fix with a patient wait, not to hide behind a retry.
    retries: 0,
    // Whole journeys on a shared, loaded machine.
    timeout: 180_000,
    expect: { timeout: 15_000 },
    reporter: [['list'], ['html', { outputFolder: join(dir, 'playwright-report'), open: 'never' }]],
    globalSetup: fileURLToPath(new URL('./global-setup.ts', import.meta.url)),
    metadata: { terresApps: [app, ...alsoBuild] } satisfies StackMetadata,
    use: {
      appName: app,
      browserName: 'chromium',
      headless: true,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      actionTimeout: 20_000,
      navigationTimeout: 30_000,
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
      video: 'off',
      launchOptions: {
        ...chromiumLaunchOptions,
        // Nothing leaves this machine: a name other than loopback fails at once instead of
        // waiting on DNS, and the request check of the fixtures names the culprit.
        args: [...chromiumLaunchOptions.args, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
      },
    },
    projects: [
      { name: 'phone', testIgnore: ONCE_SPECS, use: { ...PHONE } },
      { name: 'desktop', testIgnore: ONCE_SPECS, use: { ...DESKTOP } },
      { name: 'once', testMatch: ONCE_SPECS, use: { ...DESKTOP } },
    ],
  });
}
