// `pnpm test:deploy`: the deployment journey (src/deploy/deploy.journey.ts) alone. It starts
// its own nginx, API processes and browser (no global setup, no app stack); one worker.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './src/deploy',
  testMatch: /\.journey\.ts$/,
  outputDir: './test-results/deploy',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
});
