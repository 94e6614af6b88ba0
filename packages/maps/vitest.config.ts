import { baseTestConfig } from '@terres/vitest-config';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';

// Debian's Chromium (CI installs it; Playwright never downloads a browser here).
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    test: {
      projects: [
        // 1. Logic and states: Testing Library in happy-dom (no layout, no WebGL, no tiles).
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'happy-dom',
            setupFiles: ['./test/setup.ts'],
            exclude: ['**/node_modules/**', '**/*.browser.test.{ts,tsx}'],
          },
        },
        // 2. Real maps in Chromium against the loopback fixture server (test/fixtures).
        {
          optimizeDeps: {
            // Pre-bundle up front: a mid-run re-optimisation reloads the page and flakes a test.
            include: [
              'react',
              'react-dom',
              'react-dom/client',
              'react/jsx-dev-runtime',
              'react/jsx-runtime',
              'leaflet',
              'maplibre-gl',
              '@terres/domain > valibot',
            ],
          },
          test: {
            name: 'browser',
            include: ['src/**/*.browser.test.{ts,tsx}'],
            setupFiles: ['./test/setup.ts'],
            globalSetup: ['./test/fixtures/global-setup.ts'],
            testTimeout: 90_000,
            hookTimeout: 60_000,
            browser: {
              enabled: true,
              headless: true,
              screenshotFailures: false,
              viewport: { width: 1024, height: 768 },
              provider: playwright({
                launchOptions: {
                  executablePath: chromium,
                  args: [
                    '--no-sandbox',
                    '--disable-gpu',
                    '--disable-background-networking',
                    '--disable-component-update',
                    '--disable-sync',
                  ],
                },
              }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  }),
);
