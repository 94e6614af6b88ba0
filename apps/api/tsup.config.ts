import { defineConfig } from 'tsup';

export default defineConfig({
  // The heavy-work worker (src/heavy/worker.ts) is an entry of its own: piscina loads
  // dist/heavy-worker.js in each worker thread (src/heavy/pool.ts finds it beside the server).
  entry: {
    server: 'src/server.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'heavy-worker': 'src/heavy/worker.ts',
    // The root postinstall's: the embedded database's template (src/db/pglite-template.ts).
    'pglite-template': 'src/db/pglite-template-cli.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  // Workspace packages ship TypeScript source: bundle them. Everything in node_modules stays
  // external (tsup's default for dependencies) and is resolved by Node at run time.
  noExternal: [/^@terres\//],
  // The SQL migrations are not bundled: src/paths.ts finds `drizzle/` next to `dist/` at run time.
});
