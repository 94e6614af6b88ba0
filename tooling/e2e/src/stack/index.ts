export {
  APP_NAMES,
  E2E_ADMIN_EMAIL,
  findRepoRoot,
  freePort,
  startStack,
  type AppName,
  type Stack,
  type StackInfo,
  type StackOptions,
} from './stack';
export { buildApp, buildEnvironment, type BuildOptions } from './build';
export { createE2eDatabase, forgetUsedCodes, staleDatabases, DEFAULT_DATABASE_SERVER_URL, type E2eDatabase } from './database';
export { spawnGuarded, type GuardedProcess } from './processes';
export { startStaticServer, type StaticServer } from './static-server';
