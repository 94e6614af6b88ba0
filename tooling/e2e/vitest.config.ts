import { baseTestConfig } from '@terres/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    test: {
      environment: 'node',
      // The stack test builds nothing but starts the API on a fresh database.
      testTimeout: 60_000,
    },
  }),
);
