import { join } from 'node:path';
import { DESKTOP, defineAppConfig } from '@terres/e2e/playwright';

// The console's browser benchmarks (`pnpm --filter @terres/admin-console bench:ui`, by hand, not
// in `pnpm test`): the same stack as the journeys, filled with scale data, in a 1280 px Chromium.
const base = defineAppConfig({ app: 'admin-console', dir: join(import.meta.dirname, '..') });

export default {
  ...base,
  testDir: import.meta.dirname,
  testMatch: /\.bench\.ts$/,
  outputDir: join(import.meta.dirname, '..', 'test-results', 'bench'),
  reporter: [['list']],
  timeout: 600_000,
  projects: [{ name: 'bench', use: { ...DESKTOP } }],
};
