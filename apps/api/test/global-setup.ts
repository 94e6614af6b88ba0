// Vitest global setup of the `integration` project: creates this run's database, migrates it
// once (test files then share it; the migrator would be a no-op for them), drops it at the end.
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/index.js';
import { loadConfig } from '../src/env.js';
import { createTestDatabase } from './helpers/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const testDatabase = await createTestDatabase();
  try {
    const config = loadConfig({ DATABASE_URL: testDatabase.url, AUTH_SECRET: 'x'.repeat(32), NODE_ENV: 'test' }, {});
    const database = await createDatabase(config);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await testDatabase.drop();
    throw error;
  }
  project.provide('databaseUrl', testDatabase.url);
  return () => testDatabase.drop();
}
