// The web apps' Vite build (advertiser-portal, admin-console): TanStack Router's file routes
// with code splitting, React, the typeface preloaded, the first page's code in few files, and a
// fixed loopback port for dev and preview (the e2e stack and each app's links to the other expect 5173 and 5174).
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The French file of the one typeface (@terres/ui's fonts.css). The stylesheet alone would let the
 * browser find it only after the CSS is parsed and the first text laid out; a preload in the
 * built index.html fetches it beside the entry script, so the swap to it happens early.
 */
const PRELOADED_FONT = /(^|\/)source-sans-3-french-wght-normal-[\w-]+\.woff2$/;

/**
 * What the built index.html fetches beside the entry script, before any code runs (issue 23: a
 * first visit's requests in parallel, not in a chain): the typeface's PRELOADED_FONT (found only
 * after the CSS is parsed and text laid out otherwise) and the deployment's /config.json, which
 * main.tsx reads before the router starts (app-kit's loadRuntimeConfig, a plain GET that reuses
 * this preload). Build only: dev has no hashed font and reads no config.json.
 */
function preloadFirstRequests() {
  let base = '/';
  return {
    name: 'terres:preload-first-requests',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const tags = [
          { tag: 'link', attrs: { rel: 'preload', href: `${base}config.json`, as: 'fetch', crossorigin: '' }, injectTo: 'head' },
        ];
        const font = ctx.bundle ? Object.values(ctx.bundle).find((file) => file.type === 'asset' && PRELOADED_FONT.test(file.fileName)) : undefined;
        if (font) {
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', href: `${base}${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}

/** The pages of their own an app may have beside index.html (decision 0182). */
const SIGN_IN_PAGES = ['login', 'register', 'accept-invitation'];

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
      preloadFirstRequests(),
    ],
    build: {
      rolldownOptions: {
        // The app's pages: index.html for every route, and the sign-in pages of their own that the
        // app has (login.html, the portal's register.html and accept-invitation.html), for those
        // paths opened from the address bar or a link (decision 0182; static hosts, Vite and
        // deploy/nginx serve /login from login.html).
        input: Object.fromEntries(
          ['index', ...SIGN_IN_PAGES].filter((page) => existsSync(resolve(`${page}.html`))).map((page) => [page, resolve(`${page}.html`)]),
        ),
        // Reading a property has no side effect in this code base (no getter does work): an
        // unused `{ denied: m.x }` no longer keeps a whole table of texts (the domain's transfer
        // messages left /login with it). Nothing here forces a layout by reading `offsetWidth`.
        treeshake: { propertyReadSideEffects: false },
        output: {
          // Fewer, larger files for the first page (decision 0180): each file costs a request
          // and compresses apart from the others (41 files of /login gzip 5 KB worse than 1).
          codeSplitting: {
            groups: [
              {
                // What every page runs, the sign-in page of its own included (login.html, decision
                // 0182): React and valibot.
                name: 'react',
                test: /node_modules[\\/](?:react|react-dom|scheduler|valibot)[\\/]/,
              },
              {
                // What every page of the app runs besides: the router and the query cache. Cached
                // across deployments that change only the apps. react-query's observers and hooks
                // stay out: the sign-in route uses none of them.
                name: 'framework',
                test: (id) =>
                  /node_modules[\\/](?:@tanstack|use-sync-external-store)[\\/]/.test(id) &&
                  !/[\\/](?:react-query|query-core)[\\/].*[\\/](?:\w*Observer|use\w+|IsRestoringProvider|errorBoundaryUtils|suspense)\.js$/.test(id),
              },
              {
                // The sign-in screen and the few components it is made of, in one file instead of ten.
                name: 'sign-in',
                test: /(?:packages[\\/]app-kit[\\/]src[\\/]sign-in[\\/]|packages[\\/]ui[\\/]src[\\/](?:components[\\/](?:button|email-address|form-field|one-time-code-input|text-field)|shells[\\/]logo-mark)[\\/.]|node_modules[\\/]@radix-ui[\\/]react-(?:compose-refs|label|primitive|slot)[\\/])/,
              },
            ],
          },
        },
      },
    },
    server: { host: '127.0.0.1', port, strictPort: true },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
}
