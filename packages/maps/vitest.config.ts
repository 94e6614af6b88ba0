import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { baseTestConfig, chromiumLaunchOptions } from '@terres/vitest-config';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Chromium for the browser and story projects (Debian's build, see @terres/vitest-config).
// A fresh object per project: vitest names each project's instances in place.
const browser = () => ({
  enabled: true,
  headless: true,
  screenshotFailures: false,
  // A loaded CI machine may take more than the default 30 s to open the browser session.
  connectTimeout: 180_000,
  viewport: { width: 1024, height: 768 },
  provider: playwright({ launchOptions: chromiumLaunchOptions }),
  instances: [{ browser: 'chromium' as const }],
});

const optimizeDeps = {
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
    // The design system's controls in the maps (labels, buttons).
    '@terres/ui > @radix-ui/react-label',
    '@terres/ui > @radix-ui/react-slot',
  ],
};

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
        // 2. Real maps in Chromium against the loopback fixture server of @terres/e2e.
        {
          optimizeDeps,
          test: {
            name: 'browser',
            include: ['src/**/*.browser.test.{ts,tsx}'],
            setupFiles: ['./test/setup.ts'],
            globalSetup: ['./test/global-setup.ts'],
            testTimeout: 90_000,
            hookTimeout: 60_000,
            browser: browser(),
          },
        },
        // 3. Every story as a test in Chromium: renders, runs its play function, and fails on
        //    any axe violation (preview.ts sets `a11y: { test: 'error' }`). Public services are
        //    unreachable here: the stories show the maps' degraded states, which must be accessible too.
        {
          plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
          optimizeDeps,
          test: {
            name: 'storybook',
            testTimeout: 60_000,
            hookTimeout: 60_000,
            browser: browser(),
          },
        },
      ],
    },
  }),
);
