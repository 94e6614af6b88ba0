import { baseTestConfig } from '@terres/vitest-config';
import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vitest/config';

// Not merged with vite.config.ts: tests use the committed routeTree.gen.ts without code splitting.
export default mergeConfig(
  baseTestConfig,
  defineConfig({
    plugins: [react()],
    test: {
      environment: 'happy-dom',
      setupFiles: ['./test/setup.ts'],
    },
  }),
);
