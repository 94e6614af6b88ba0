import { baseTestConfig } from '@terres/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    test: {
      // Pure functions only: no DOM, no Node APIs, so the plain node environment is enough.
      environment: 'node',
    },
  }),
);
