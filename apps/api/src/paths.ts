import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This module runs from `src/` (tsx, vitest) and from `dist/` (the tsup bundle), so every path
// is found by walking up from the running file, never from the process's cwd.
const here = dirname(fileURLToPath(import.meta.url));

function findUp(start: string, found: (dir: string) => boolean): string | undefined {
  let dir = start;
  for (;;) {
    if (found(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function isApiPackage(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === '@terres/api';
  } catch {
    return false;
  }
}

/** `apps/api`, wherever it is checked out. */
export const packageRoot: string = findUp(here, isApiPackage) ?? join(here, '..');

/** The monorepo root (holds `pnpm-workspace.yaml`); the cwd when the API runs outside the repo. */
export const repoRoot: string =
  findUp(packageRoot, (dir) => existsSync(join(dir, 'pnpm-workspace.yaml'))) ?? process.cwd();

/** drizzle-kit's output: numbered SQL files and `meta/_journal.json`, shipped next to `dist/`. */
export const migrationsFolder: string = join(packageRoot, 'drizzle');

/**
 * The contract, `openapi/openapi.yaml`, found through the `@terres/openapi` dependency (its
 * `exports` name the file): the same path from `src/` under tsx, from the `dist/` bundle under
 * `pnpm start`, and from a fresh clone once `pnpm install` has linked the workspace.
 */
export const openapiYamlPath: string = createRequire(import.meta.url).resolve('@terres/openapi/openapi.yaml');
