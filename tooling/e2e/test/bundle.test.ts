import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunksHolding, formatInitialLoad, initialChunks, kindOf, measureFiles, measureInitialLoad, packageOf, type Manifest } from '../src/bundle';

// A build as Vite writes it: an entry importing React statically with its stylesheet, the login
// route split off (TanStack's ?tsr-split=component), a map page whose chunk holds maplibre-gl and
// has a stylesheet of its own, the typeface's file, and a second page (login.html) of its own.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a1.js', src: 'index.html', isEntry: true, imports: ['_react-b2.js'], dynamicImports: ['src/routes/login.tsx?tsr-split=component', 'src/routes/map.tsx?tsr-split=component'], css: ['assets/index-c3.css'] },
  '_react-b2.js': { file: 'assets/react-b2.js', name: 'react' },
  'src/routes/login.tsx?tsr-split=component': { file: 'assets/login-d4.js', src: 'src/routes/login.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_react-b2.js', '_form-e5.js'] },
  '_form-e5.js': { file: 'assets/form-e5.js' },
  'login.html': { file: 'assets/login-i9.js', src: 'login.html', isEntry: true, imports: ['_react-b2.js', '_form-e5.js'] },
  'src/routes/map.tsx?tsr-split=component': { file: 'assets/map-f6.js', src: 'src/routes/map.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_react-b2.js'], css: ['assets/map-g7.css'] },
};
const sources: Record<string, string[]> = {
  'assets/index-a1.js': ['../../src/main.tsx', '../../../../packages/ui/src/button.tsx'],
  'assets/react-b2.js': ['../../../../node_modules/.pnpm/react-dom@19.3.1/node_modules/react-dom/cjs/react-dom.production.js'],
  'assets/login-d4.js': ['../../src/routes/login.tsx', '../../../../node_modules/.pnpm/@tanstack+react-router@1.170.0/node_modules/@tanstack/react-router/dist/esm/link.js'],
  'assets/form-e5.js': ['../../src/lib/form.ts'],
  'assets/map-f6.js': ['../../../../node_modules/.pnpm/maplibre-gl@6.17.0/node_modules/maplibre-gl/dist/maplibre-gl.js'],
};
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'bundle-test-'));
  await mkdir(join(dist, '.vite'), { recursive: true });
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [file, list] of Object.entries(sources)) {
    await writeFile(join(dist, file), `/* ${file} */ ${'export const x = 1;\n'.repeat(200)}`);
    await writeFile(join(dist, `${file}.map`), JSON.stringify({ version: 3, sources: list, mappings: '' }));
  }
  await writeFile(join(dist, 'assets/index-c3.css'), `.a { color: red; }\n`.repeat(100));
  await writeFile(join(dist, 'assets/map-g7.css'), `.m { color: blue; }\n`.repeat(100));
  await writeFile(join(dist, 'assets/font-h8.woff2'), Buffer.alloc(3000, 7));
});
afterAll(() => rm(dist, { recursive: true, force: true }));

describe('initial load of a page', () => {
  it('takes the entry, its static imports, the page route chunks and their stylesheets, never another page', () => {
    expect([...initialChunks(manifest).entries()]).toEqual([
      ['assets/index-a1.js', 'entry'],
      ['assets/index-c3.css', 'stylesheet'],
      ['assets/react-b2.js', 'static import'],
    ]);
    expect([...initialChunks(manifest, { routeFiles: /^src\/routes\/login\.tsx/ }).entries()]).toEqual([
      ['assets/index-a1.js', 'entry'],
      ['assets/index-c3.css', 'stylesheet'],
      ['assets/react-b2.js', 'static import'],
      ['assets/login-d4.js', 'route'],
      ['assets/form-e5.js', 'static import'],
    ]);
    expect(initialChunks(manifest, { routeFiles: /^src\/routes\/map\.tsx/ }).get('assets/map-g7.css')).toBe('stylesheet');
  });

  it('takes the page of its own a path is served from, not the app beside it', () => {
    expect([...initialChunks(manifest, { page: 'login.html' }).entries()]).toEqual([
      ['assets/login-i9.js', 'entry'],
      ['assets/react-b2.js', 'static import'],
      ['assets/form-e5.js', 'static import'],
    ]);
    expect(() => initialChunks(manifest, { page: 'missing.html' })).toThrow('the manifest has no entry missing.html');
  });

  it('measures gzip sizes of JavaScript and CSS and names the packages each chunk holds', async () => {
    const login = await measureInitialLoad(dist, { routeFiles: /^src\/routes\/login\.tsx/ });
    expect(login.chunks.map((chunk) => `${chunk.kind} ${chunk.file}`)).toEqual([
      'js assets/index-a1.js',
      'css assets/index-c3.css',
      'js assets/react-b2.js',
      'js assets/login-d4.js',
      'js assets/form-e5.js',
    ]);
    expect(login.chunks[0]?.packages).toEqual(['packages/ui']);
    expect(login.chunks[3]?.packages).toEqual(['@tanstack/react-router']);
    const js = login.chunks.filter((chunk) => chunk.kind === 'js');
    expect(login.totalGzipBytes).toBe(
      js.reduce((sum, chunk) => sum + gzipSync(`/* ${chunk.file} */ ${'export const x = 1;\n'.repeat(200)}`).length, 0) +
        gzipSync(`.a { color: red; }\n`.repeat(100)).length,
    );
    expect(chunksHolding(login, ['leaflet', 'maplibre-gl'])).toEqual([]);
    expect(formatInitialLoad('/login', login)).toMatch(
      /^\/login: 5 file\(s\), [\d.]+ KB raw, [\d.]+ KB gzip \(JavaScript 4 file\(s\) [\d.]+ KB, CSS 1 [\d.]+ KB, fonts 0 0\.0 KB\)\n/,
    );

    const map = await measureInitialLoad(dist, { routeFiles: /^src\/routes\/map\.tsx/ });
    expect(chunksHolding(map, ['leaflet', 'maplibre-gl']).map((chunk) => chunk.file)).toEqual(['assets/map-f6.js']);
  });

  it('counts a font as it is sent: WOFF2 is not compressed again', async () => {
    const load = await measureFiles(dist, new Map([['assets/font-h8.woff2', 'seen in the browser'], ['assets/index-a1.js.map', 'x']]));
    expect(load.chunks).toEqual([{ file: 'assets/font-h8.woff2', kind: 'font', reason: 'seen in the browser', bytes: 3000, gzipBytes: 3000, packages: [] }]);
    expect(load.totalGzipBytes).toBe(3000);
    expect([kindOf('a.js'), kindOf('a.css'), kindOf('a.woff2'), kindOf('a.svg'), kindOf('a.js.map')]).toEqual(['js', 'css', 'font', null, null]);
  });

  it('reads package names from source paths', () => {
    expect(packageOf('../../node_modules/.pnpm/leaflet@1.9.4/node_modules/leaflet/dist/leaflet-src.js')).toBe('leaflet');
    expect(packageOf('../node_modules/@radix-ui/react-dialog/dist/index.mjs')).toBe('@radix-ui/react-dialog');
    expect(packageOf('../../../../packages/maps/src/parcel-map/parcel-map.tsx')).toBe('packages/maps');
    expect(packageOf('../../src/main.tsx')).toBeNull();
  });
});
