import { baseTestConfig } from '@terres/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    test: {
      // test/contract-fresh.test.ts runs orval once (about 5 s here, more on a busy machine).
      testTimeout: 90_000,
    },
  }),
);
