// `pnpm --filter @terres/api migrate`: applies the migrations to the configured database
// (DATABASE_URL, or PGlite in $DATA_DIR/pglite), then exits. The API also migrates at start-up.
import { ConfigError, loadConfig } from '../env.js';
import { createDatabase } from './index.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}: ${database.location}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
