import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Router options (routes folder, generated tree, autoCodeSplitting) live in tsr.config.json,
// read both by this plugin and by `tsr generate` in the typecheck script.
export default defineConfig({
  // The router plugin must run before the React plugin.
  plugins: [
    tanstackRouter({
      target: 'react',
      // Pending views are split too: one imported from a page module would otherwise pull
      // the page (and its layout) into the entry chunk that /login loads.
      codeSplittingOptions: {
        defaultBehavior: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
  ],
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
  preview: { host: '127.0.0.1', port: 5174, strictPort: true },
});
