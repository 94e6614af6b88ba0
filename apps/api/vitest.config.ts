import { baseTestConfig } from '@terres/vitest-config';
import { defineConfig } from 'vitest/config';

// The shared config resolves its own copy of vitest's types: read the plain values we reuse.
const base = (baseTestConfig as { test?: { exclude?: string[]; maxWorkers?: number } }).test ?? {};

const shared = {
  exclude: base.exclude ?? ['**/node_modules/**', '**/dist/**'],
  // PGlite boots a WebAssembly PostgreSQL per app: slow on 2 cores.
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // Fails a test during which node-postgres warned of a query sent on a busy client.
  setupFiles: ['test/setup.ts'],
};

export default defineConfig({
  test: {
    maxWorkers: base.maxWorkers ?? 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...shared.exclude, '**/*.integration.test.ts'],
        },
      },
      {
        // Against a real PostgreSQL server: one fresh database per run (test/global-setup.ts).
        test: {
          ...shared,
          name: 'integration',
          include: ['src/**/*.integration.test.ts', 'test/**/*.integration.test.ts'],
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
