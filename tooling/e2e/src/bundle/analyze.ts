// How much JavaScript a page of a built app loads before it can show anything, read from Vite's
// manifest (`build.manifest`: each chunk with its static and dynamic imports) and from the hidden
// source maps (which modules, hence which npm packages, each chunk holds).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  /** Path in the build, e.g. 'assets/index-B1x2.js'. */
  file: string;
  /** Why it loads: 'entry', 'static import', 'route', or 'seen in the browser'. */
  reason: string;
  bytes: number;
  /** gzip at zlib's default level, as a server compressing on the fly sends it. */
  gzipBytes: number;
  /** npm packages (and workspace packages as 'packages/<name>') whose code it holds. */
  packages: string[];
}

export interface InitialLoad {
  chunks: ChunkSize[];
  totalBytes: number;
  totalGzipBytes: number;
}

export async function readManifest(distDir: string): Promise<Manifest> {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build with build.manifest (vite build --manifest)`);
  return JSON.parse(await readFile(path, 'utf8')) as Manifest;
}

/**
 * The chunks a page loads at once: the HTML entry, every chunk it imports statically (transitively),
 * and the lazily loaded chunks of the page's own routes (`routeFiles` matched against the manifest
 * keys, e.g. /^src\/routes\/.*login/ for TanStack's split `login.tsx?tsr-split=component`) with
 * their static imports. The reasons say which rule brought each chunk in.
 */
export function initialChunks(manifest: Manifest, { routeFiles }: { routeFiles?: RegExp } = {}): Map<string, string> {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  const reasons = new Map<string, string>();
  const visit = (key: string, reason: string) => {
    const chunk = manifest[key];
    if (!chunk || reasons.has(chunk.file)) return;
    reasons.set(chunk.file, reason);
    for (const imported of chunk.imports ?? []) visit(imported, 'static import');
  };
  for (const [key] of entries) visit(key, 'entry');
  if (routeFiles) {
    for (const [key, chunk] of Object.entries(manifest)) {
      if (routeFiles.test(key) || (chunk.src !== undefined && routeFiles.test(chunk.src))) visit(key, 'route');
    }
  }
  return reasons;
}

/** npm package of a source path ('.../node_modules/@scope/name/...' -> '@scope/name'). */
export function packageOf(source: string): string | null {
  const normalized = source.replace(/\\/g, '/');
  const index = normalized.lastIndexOf('node_modules/');
  if (index !== -1) {
    const [first = '', second = ''] = normalized.slice(index + 'node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const workspace = /(?:^|\/)(packages|apps|tooling)\/([^/]+)\//.exec(normalized);
  return workspace ? `${workspace[1]}/${workspace[2]}` : null;
}

async function packagesOf(distDir: string, file: string): Promise<string[]> {
  const mapPath = join(distDir, `${file}.map`);
  if (!existsSync(mapPath)) return [];
  const map = JSON.parse(await readFile(mapPath, 'utf8')) as { sources?: string[] };
  return [...new Set((map.sources ?? []).map(packageOf).filter((name): name is string => name !== null))].sort();
}

/** Sizes of the given JavaScript files of the build (files other than .js are left out). */
export async function measureFiles(distDir: string, files: Map<string, string>): Promise<InitialLoad> {
  const chunks: ChunkSize[] = [];
  for (const [file, reason] of files) {
    if (!file.endsWith('.js')) continue;
    const content = await readFile(join(distDir, file));
    chunks.push({ file, reason, bytes: content.length, gzipBytes: gzipSync(content).length, packages: await packagesOf(distDir, file) });
  }
  return {
    chunks,
    totalBytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    totalGzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

/** The initial JavaScript of a page, from the manifest (see `initialChunks`). */
export async function measureInitialJs(distDir: string, options: { routeFiles?: RegExp } = {}): Promise<InitialLoad> {
  return measureFiles(distDir, initialChunks(await readManifest(distDir), options));
}

/** Chunks of the load that hold any of these packages (e.g. ['leaflet', 'maplibre-gl']). */
export function chunksHolding(load: InitialLoad, packages: readonly string[]): ChunkSize[] {
  return load.chunks.filter((chunk) => chunk.packages.some((name) => packages.includes(name)));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A table to print: each chunk, why it loads, raw and gzip sizes, its packages; then the totals. */
export function formatInitialLoad(title: string, load: InitialLoad): string {
  const rows = load.chunks
    .slice()
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (chunk) =>
        `  ${chunk.file.padEnd(48)} ${chunk.reason.padEnd(18)} ${kb(chunk.bytes).padStart(10)} ${kb(chunk.gzipBytes).padStart(10)} gzip  ${chunk.packages.join(', ')}`,
    );
  return [
    `${title}: ${load.chunks.length} JavaScript file(s), ${kb(load.totalBytes)} raw, ${kb(load.totalGzipBytes)} gzip`,
    ...rows,
  ].join('\n');
}
