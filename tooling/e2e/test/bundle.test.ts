import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunksHolding, formatInitialLoad, initialChunks, measureInitialJs, packageOf, type Manifest } from '../src/bundle';

// A build as Vite writes it: an entry importing React statically, the login route split off
// (TanStack's ?tsr-split=component), and a map page whose chunk holds maplibre-gl.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a1.js', src: 'index.html', isEntry: true, imports: ['_react-b2.js'], dynamicImports: ['src/routes/login.tsx?tsr-split=component', 'src/routes/map.tsx?tsr-split=component'], css: ['assets/index-c3.css'] },
  '_react-b2.js': { file: 'assets/react-b2.js', name: 'react' },
  'src/routes/login.tsx?tsr-split=component': { file: 'assets/login-d4.js', src: 'src/routes/login.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_react-b2.js', '_form-e5.js'] },
  '_form-e5.js': { file: 'assets/form-e5.js' },
  'src/routes/map.tsx?tsr-split=component': { file: 'assets/map-f6.js', src: 'src/routes/map.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_react-b2.js'] },
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
});
afterAll(() => rm(dist, { recursive: true, force: true }));

describe('initial JavaScript of a page', () => {
  it('takes the entry, its static imports and the page route chunks, never another page', () => {
    expect([...initialChunks(manifest).entries()]).toEqual([
      ['assets/index-a1.js', 'entry'],
      ['assets/react-b2.js', 'static import'],
    ]);
    expect([...initialChunks(manifest, { routeFiles: /^src\/routes\/login\.tsx/ }).entries()]).toEqual([
      ['assets/index-a1.js', 'entry'],
      ['assets/react-b2.js', 'static import'],
      ['assets/login-d4.js', 'route'],
      ['assets/form-e5.js', 'static import'],
    ]);
  });

  it('measures gzip sizes and names the packages each chunk holds', async () => {
    const login = await measureInitialJs(dist, { routeFiles: /^src\/routes\/login\.tsx/ });
    expect(login.chunks.map((chunk) => chunk.file)).toEqual(['assets/index-a1.js', 'assets/react-b2.js', 'assets/login-d4.js', 'assets/form-e5.js']);
    expect(login.chunks[0]?.packages).toEqual(['packages/ui']);
    expect(login.chunks[2]?.packages).toEqual(['@tanstack/react-router']);
    expect(login.totalGzipBytes).toBe(
      login.chunks.reduce((sum, chunk) => sum + gzipSync(`/* ${chunk.file} */ ${'export const x = 1;\n'.repeat(200)}`).length, 0),
    );
    expect(chunksHolding(login, ['leaflet', 'maplibre-gl'])).toEqual([]);
    expect(formatInitialLoad('/login', login)).toMatch(/^\/login: 4 JavaScript file\(s\), [\d.]+ KB raw, [\d.]+ KB gzip\n/);

    const map = await measureInitialJs(dist, { routeFiles: /^src\/routes\/map\.tsx/ });
    expect(chunksHolding(map, ['leaflet', 'maplibre-gl']).map((chunk) => chunk.file)).toEqual(['assets/map-f6.js']);
  });

  it('reads package names from source paths', () => {
    expect(packageOf('../../node_modules/.pnpm/leaflet@1.9.4/node_modules/leaflet/dist/leaflet-src.js')).toBe('leaflet');
    expect(packageOf('../node_modules/@radix-ui/react-dialog/dist/index.mjs')).toBe('@radix-ui/react-dialog');
    expect(packageOf('../../../../packages/maps/src/parcel-map/parcel-map.tsx')).toBe('packages/maps');
    expect(packageOf('../../src/main.tsx')).toBeNull();
  });
});
