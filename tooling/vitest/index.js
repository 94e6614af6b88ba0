// Shared vitest settings and the Chromium launch of browser tests. Packages merge them with
// `mergeConfig` so each keeps only what differs.
import { defineConfig } from 'vitest/config';

/** Defaults for every package: beside-the-code tests, no globals. */
export const baseTestConfig = defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/e2e/**'],
    // 2 cores here: keep the pool small so PGlite and browser tests do not starve each other.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default baseTestConfig;

export { chromiumLaunchOptions } from './chromium.js';
