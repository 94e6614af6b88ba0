// `node apps/api/dist/pglite-template.js` (the root `postinstall`, after the API's build): makes
// the embedded database's template once (src/db/pglite-template.ts), so that `pnpm start` on a
// fresh clone copies a migrated data directory instead of running initdb. Does nothing when the
// template is there and holds every shipped migration. Never fails the install: a template that
// cannot be made only means the first `pnpm start` makes its database itself, as before. It
// also leaves the parsed OpenAPI contract in the same cache (src/openapi.ts).
import { performance } from 'node:perf_hooks';
import { openApiContract } from '../openapi.js';
import { createPgliteDatabase } from './index.js';
import { DEFAULT_TEMPLATE_DIR, makeTemplate } from './pglite-template.js';

async function main(): Promise<void> {
  const started = performance.now();
  // Another directory as the first argument: for trying it out without touching the real one.
  const templateDir = process.argv[2] ?? DEFAULT_TEMPLATE_DIR;
  const result = await makeTemplate(templateDir, async (dataDir) => {
    const database = await createPgliteDatabase(dataDir, { template: false });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  });
  // The parsed contract too (src/openapi.ts): the first start reads it as JSON.
  openApiContract();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    result.made
      ? `PGlite template made in ${seconds} s (${result.reason}): ${templateDir}`
      : `PGlite template up to date: ${templateDir}`,
  );
}

main().catch((error: unknown) => {
  console.warn('PGlite template not made (the first `pnpm start` will initialise its database itself):', error);
});
