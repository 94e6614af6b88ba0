// How much a page of a built app loads before it can show anything (its JavaScript, its
// stylesheets and its fonts), read from Vite's manifest (`build.manifest`: each chunk with its
// static and dynamic imports and its CSS) and from the hidden source maps (which modules, hence
// which npm packages, each chunk holds). Fonts are those the browser fetched (see
// src/playwright/bundle.ts): the preloaded typeface file, and any other the page asked for.
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
  kind: 'js' | 'css' | 'font';
  /** Why it loads: 'entry', 'static import', 'route', 'stylesheet', or 'seen in the browser'. */
  reason: string;
  bytes: number;
  /**
   * What goes over the wire: gzip at zlib's default level for JavaScript and CSS, as a server
   * compressing on the fly sends them; a font as it is (WOFF2 is compressed already, and servers
   * send it unchanged).
   */
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
 * The files a page loads at once: the HTML entry (`page`, the manifest key of the page's HTML
 * file, e.g. 'login.html'; index.html by default, or every entry of a build without one), every
 * chunk it imports statically (transitively), and the lazily loaded chunks of the page's own routes (`routeFiles` matched against the manifest
 * keys, e.g. /^src\/routes\/.*login/ for TanStack's split `login.tsx?tsr-split=component`) with
 * their static imports; and the stylesheets of all these chunks. The reasons say which rule
 * brought each file in.
 */
export function initialChunks(manifest: Manifest, { routeFiles, page }: { routeFiles?: RegExp; page?: string } = {}): Map<string, string> {
  const all = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const main = page ?? (manifest['index.html']?.isEntry ? 'index.html' : undefined);
  const entries = main === undefined ? all : all.filter(([key]) => key === main);
  if (entries.length === 0) throw new Error(main === undefined ? 'the manifest has no entry chunk' : `the manifest has no entry ${main}`);
  const reasons = new Map<string, string>();
  const visit = (key: string, reason: string) => {
    const chunk = manifest[key];
    if (!chunk || reasons.has(chunk.file)) return;
    reasons.set(chunk.file, reason);
    for (const css of chunk.css ?? []) if (!reasons.has(css)) reasons.set(css, 'stylesheet');
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

/** What a file of the build is, from its name; null for what the measure leaves out (images, maps). */
export function kindOf(file: string): ChunkSize['kind'] | null {
  if (file.endsWith('.js')) return 'js';
  if (file.endsWith('.css')) return 'css';
  if (/\.(woff2?|ttf|otf)$/.test(file)) return 'font';
  return null;
}

/** Sizes of the given JavaScript, CSS and font files of the build (other files are left out). */
export async function measureFiles(distDir: string, files: Map<string, string>): Promise<InitialLoad> {
  const chunks: ChunkSize[] = [];
  for (const [file, reason] of files) {
    const kind = kindOf(file);
    if (!kind) continue;
    const content = await readFile(join(distDir, file));
    chunks.push({
      file,
      kind,
      reason,
      bytes: content.length,
      gzipBytes: kind === 'font' ? content.length : gzipSync(content).length,
      packages: kind === 'js' ? await packagesOf(distDir, file) : [],
    });
  }
  return {
    chunks,
    totalBytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    totalGzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

/** The initial JavaScript and CSS of a page, from the manifest (see `initialChunks`); fonts need a browser. */
export async function measureInitialLoad(distDir: string, options: { routeFiles?: RegExp; page?: string } = {}): Promise<InitialLoad> {
  return measureFiles(distDir, initialChunks(await readManifest(distDir), options));
}

/** Chunks of the load that hold any of these packages (e.g. ['leaflet', 'maplibre-gl']). */
export function chunksHolding(load: InitialLoad, packages: readonly string[]): ChunkSize[] {
  return load.chunks.filter((chunk) => chunk.packages.some((name) => packages.includes(name)));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A table to print: each file, why it loads, raw and sent sizes, its packages; then the totals per kind. */
export function formatInitialLoad(title: string, load: InitialLoad): string {
  const rows = load.chunks
    .slice()
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (chunk) =>
        `  ${chunk.file.padEnd(48)} ${chunk.reason.padEnd(18)} ${kb(chunk.bytes).padStart(10)} ${kb(chunk.gzipBytes).padStart(10)} ${chunk.kind === 'font' ? 'sent' : 'gzip'}  ${chunk.packages.join(', ')}`,
    );
  const count = (kind: ChunkSize['kind']) => load.chunks.filter((chunk) => chunk.kind === kind);
  const sent = (kind: ChunkSize['kind']) => kb(count(kind).reduce((sum, chunk) => sum + chunk.gzipBytes, 0));
  return [
    `${title}: ${load.chunks.length} file(s), ${kb(load.totalBytes)} raw, ${kb(load.totalGzipBytes)} gzip ` +
      `(JavaScript ${count('js').length} file(s) ${sent('js')}, CSS ${count('css').length} ${sent('css')}, fonts ${count('font').length} ${sent('font')})`,
    ...rows,
  ].join('\n');
}
