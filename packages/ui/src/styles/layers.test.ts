import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const ORDER = '@layer terres.tokens, terres.base, terres.components;';

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith('.css') ? [join(dir, entry.name)] : [],
  );
}

describe('cascade layers', () => {
  // Each component brings its stylesheet with its code (decision 0180), so any of them may be the
  // first the browser reads, and the first to name a layer fixes the layers' order: one that
  // opened with `@layer terres.components { ... }` put the components below the document
  // defaults (an active console tab lost its white text to base.css's link colour).
  it('every stylesheet with a layer block declares the three layers’ order first', () => {
    const missing = cssFiles(SRC)
      .filter((file) => /@layer terres\.\w+\s*\{/.test(readFileSync(file, 'utf8')))
      .filter((file) => {
        const css = readFileSync(file, 'utf8').replace(/^\s*\/\*[\s\S]*?\*\/\s*/, '');
        return !css.startsWith(ORDER);
      })
      .map((file) => relative(SRC, file));
    expect(missing).toEqual([]);
  });
});
