// The parsed contract kept as JSON between starts (issue 23, src/openapi.ts): written by the first
// parse, read by the next process instead of the YAML, named by the YAML's hash.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test/helpers/app.js';
import type * as OpenApiModule from './openapi.js';

async function freshModule(): Promise<typeof OpenApiModule> {
  vi.resetModules();
  return import('./openapi.js');
}

describe('openApiContract', () => {
  const dir = tempDir('bourse-contract-');
  afterAll(() => dir.remove());

  it('parses the YAML once, keeps it as JSON, and a later process reads that JSON', async () => {
    const first = (await freshModule()).openApiContract(dir.path);
    expect(first.document.paths).toHaveProperty(['/auth/magic-link/verify']);
    const files = readdirSync(dir.path);
    expect(files).toEqual([expect.stringMatching(/^openapi-[0-9a-f]{32}\.json$/)]);
    const file = join(dir.path, files[0]!);
    expect(readFileSync(file, 'utf8')).toBe(first.json);

    // Proof the next process reads the cache, not the YAML: a mark put in the cached copy shows.
    writeFileSync(file, JSON.stringify({ ...first.document, info: { ...first.document.info, title: 'from the cache' } }));
    const second = (await freshModule()).openApiContract(dir.path);
    expect(second.document.info.title).toBe('from the cache');

    // A torn file is parsed again from the YAML (and rewritten).
    writeFileSync(file, '{"openapi":');
    const third = (await freshModule()).openApiContract(dir.path);
    expect(third.document.info.title).toBe(first.document.info.title);
    expect(readFileSync(file, 'utf8')).toBe(first.json);
  });

  it('works without a writable cache directory', async () => {
    // Under a plain file: no directory can be made there.
    const blocker = join(dir.path, 'a-file');
    writeFileSync(blocker, '');
    const contract = (await freshModule()).openApiContract(join(blocker, 'cache'));
    expect(contract.document.openapi).toMatch(/^3\./);
  });
});
