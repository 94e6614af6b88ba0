import { baseTestConfig } from '@terres/vitest-config';
import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  baseTestConfig,
  defineConfig({
    plugins: [react()],
    test: { environment: 'happy-dom', setupFiles: ['./test/setup.ts'] },
  }),
);
