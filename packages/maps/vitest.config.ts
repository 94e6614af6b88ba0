import { baseTestConfig } from '@terres/vitest-config';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      setupFiles: ['./test/setup.ts'],
    },
  }),
);
