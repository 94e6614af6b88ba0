import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { baseTestConfig, chromiumLaunchOptions } from '@terres/vitest-config';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Every Radix package this design system uses, pre-bundled up front (see optimizeDeps below).
const radixPackages = Object.keys(
  (JSON.parse(readFileSync(path.join(dirname, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
    .dependencies,
).filter((name) => name.startsWith('@radix-ui/'));

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    test: {
      projects: [
        // 1. Unit tests: Testing Library in happy-dom (*.test.tsx beside the code).
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'happy-dom',
            setupFiles: ['./test/setup.ts'],
            // tokens.test.ts reads tokens.css with ?raw; vitest empties CSS unless told otherwise.
            css: { include: [/tokens\.css/] },
          },
        },
        // 2. Every story as a test in real Chromium: renders, runs its play function, and
        //    fails on any axe violation (preview.ts sets `a11y: { test: 'error' }`).
        {
          plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
          optimizeDeps: {
            // Pre-bundle up front: a mid-run re-optimisation reloads the page and flakes a test.
            include: [
              'react',
              'react-dom',
              'react-dom/client',
              'react/jsx-dev-runtime',
              'react/jsx-runtime',
              ...radixPackages,
              '@terres/domain > valibot',
            ],
          },
          test: {
            name: 'storybook',
            testTimeout: 30_000,
            hookTimeout: 60_000,
            browser: {
              enabled: true,
              headless: true,
              screenshotFailures: false,
              // A loaded CI machine may take more than the default 30 s to open the browser session.
              connectTimeout: 180_000,
              provider: playwright({ launchOptions: chromiumLaunchOptions }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  }),
);
