// The web apps' Vite build (advertiser-portal, admin-console): TanStack Router's file routes
// with code splitting, React, and a fixed loopback port for dev and preview (the e2e stack and
// each app's links to the other expect 5173 and 5174).
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Router options (routes folder, generated tree, autoCodeSplitting) live in each app's tsr.config.json, read both by the plugin and by `tsr generate`. */
export function appViteConfig({ port }) {
  return defineConfig({
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
    server: { host: '127.0.0.1', port, strictPort: true },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
}
