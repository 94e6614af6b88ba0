// drizzle-kit only generates SQL from src/db/schema.ts here; the API applies it at start-up
// with drizzle-orm's migrator (both drivers), so no database credentials are needed.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  // Same as the runtime drizzle() calls in src/db/index.ts: unnamed columns become snake_case.
  casing: 'snake_case',
});
