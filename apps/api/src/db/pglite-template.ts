// The embedded database's first set-up, made once (issue 23: `pnpm start` healthy in ≤ 10 s on a
// fresh clone). A new PGlite data directory costs an initdb (3 to 15 s of WebAssembly on a busy
// 2-core machine, and 390 to 730 MiB of memory the process never gives back) and every migration.
// `pnpm install` makes a template once (the root `postinstall`: `node apps/api/dist/pglite-template.js`):
// a data directory initialised and migrated, closed cleanly, in `node_modules/.cache/terres/`.
// When the API opens a data directory that does not exist yet, it copies the template there
// (a plain file copy, under a second) and opens that; `migrate()` then applies the migrations
// newer than the template, as on any database. No demo data in it: the demo's dates are relative
// to the day it is loaded, so it is loaded at first start, as before.
//
// A template is used only when its manifest says it was made by the installed PGlite and every
// migration it holds is one of this build's (a template from a newer branch is never used);
// anything else (no template, a stale one, a data directory already there) is the old path.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, repoRoot } from '../paths.js';

/** Where `pnpm install` leaves the template: thrown away with `node_modules`. */
export const DEFAULT_TEMPLATE_DIR = join(repoRoot, 'node_modules', '.cache', 'terres', 'pglite-template');

/** `template.json`, next to the data directory `pglite/`. */
export interface TemplateManifest {
  /** The PGlite package that initialised it (its data format). */
  pglite: string;
  /** `when` (drizzle's folderMillis) of every migration applied in it. */
  migrations: number[];
  madeAt: string;
}

let pgliteVersionCache: string | undefined;

/** The installed `@electric-sql/pglite` version, read from its package.json. */
export function pgliteVersion(): string {
  if (pgliteVersionCache) return pgliteVersionCache;
  // Its `exports` do not list package.json: walk up from the entry Node resolves.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (json.name === '@electric-sql/pglite' && json.version) return (pgliteVersionCache = json.version);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = parent;
  }
}

/** `when` of every migration this build ships (drizzle/meta/_journal.json). */
export function shippedMigrations(): number[] {
  return readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
}

/** The template's manifest when it may seed a new data directory with this build, else why not. */
export function usableTemplate(templateDir: string): { manifest: TemplateManifest } | { reason: string } {
  const file = join(templateDir, 'template.json');
  if (!existsSync(file) || !existsSync(join(templateDir, 'pglite', 'PG_VERSION'))) return { reason: 'no template' };
  let manifest: TemplateManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as TemplateManifest;
  } catch {
    return { reason: 'unreadable template manifest' };
  }
  if (manifest.pglite !== pgliteVersion()) return { reason: `template made by PGlite ${manifest.pglite}, ${pgliteVersion()} installed` };
  const shipped = new Set(shippedMigrations());
  if (!Array.isArray(manifest.migrations) || manifest.migrations.some((when) => !shipped.has(when))) {
    return { reason: 'template holds a migration this build does not ship' };
  }
  return { manifest };
}

/** True when `dataDir` holds no PostgreSQL data directory yet (absent or empty). */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * Copies the template's data directory to `dataDir` (which must be new): into a sibling first,
 * renamed into place at the end, so an interrupted copy never leaves a half data directory.
 * Returns the manifest, or undefined (and copies nothing) when the template is not usable.
 */
export function seedFromTemplate(dataDir: string, templateDir: string): TemplateManifest | undefined {
  const usable = usableTemplate(templateDir);
  if (!('manifest' in usable)) return undefined;
  const partial = `${dataDir}.from-template-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(dirname(dataDir), { recursive: true });
  cpSync(join(templateDir, 'pglite'), partial, { recursive: true });
  // An empty directory left by an earlier start (mkdir, then a crash) is replaced.
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true });
  renameSync(partial, dataDir);
  return usable.manifest;
}

/**
 * Makes the template: a fresh data directory, initialised by PGlite and migrated by `migrate`,
 * closed, then moved to `templateDir` with its manifest. Nothing is done when a usable template
 * holding every shipped migration is already there (`made: false`).
 */
export async function makeTemplate(
  templateDir: string,
  initialise: (dataDir: string) => Promise<void>,
): Promise<{ made: boolean; reason?: string }> {
  const shipped = shippedMigrations();
  const current = usableTemplate(templateDir);
  if ('manifest' in current && shipped.every((when) => current.manifest.migrations.includes(when))) return { made: false };
  const building = `${templateDir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(join(building, 'pglite'), { recursive: true });
  try {
    await initialise(join(building, 'pglite'));
    const manifest: TemplateManifest = { pglite: pgliteVersion(), migrations: shipped, madeAt: new Date().toISOString() };
    writeFileSync(join(building, 'template.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(templateDir, { recursive: true, force: true });
    renameSync(building, templateDir);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return { made: true, reason: 'reason' in current ? current.reason : 'template misses newer migrations' };
}
