// Component tests of a React package (the two apps, app-kit): the base settings, the React
// plugin, happy-dom, and the package's own test/setup.ts. Not merged with an app's Vite
// config: tests use the committed routeTree.gen.ts without code splitting.
import react from '@vitejs/plugin-react';
import { defineConfig, mergeConfig } from 'vitest/config';
import { baseTestConfig } from './index.js';

export const reactTestConfig = mergeConfig(
  baseTestConfig,
  defineConfig({
    plugins: [react()],
    test: { environment: 'happy-dom', setupFiles: ['./test/setup.ts'] },
  }),
);

export default reactTestConfig;
