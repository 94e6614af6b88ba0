import { chromiumLaunchOptions } from '@terres/vitest-config';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// `pnpm --filter @terres/maps bench`: the map benchmarks in Chromium against the loopback tile
// fixture. They print figures and assert no timing: run them by hand, not in `pnpm test`.
export default defineConfig({
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-dev-runtime',
      'react/jsx-runtime',
      'leaflet',
      'supercluster',
      '@terres/domain > valibot',
      '@terres/ui > @radix-ui/react-label',
      '@terres/ui > @radix-ui/react-slot',
    ],
  },
  test: {
    name: 'bench',
    include: ['src/**/*.bench.browser.tsx'],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      viewport: { width: 1280, height: 800 },
      provider: playwright({ launchOptions: chromiumLaunchOptions }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
