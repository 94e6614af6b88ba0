import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { server: 'src/server.ts', 'migrate-cli': 'src/db/migrate-cli.ts' },
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
