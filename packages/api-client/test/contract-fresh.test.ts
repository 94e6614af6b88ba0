// Fails when the committed src/gen no longer matches openapi/openapi.yaml + orval.config.ts:
// regenerates with the real orval config into a sibling folder of src/gen (same depth, so the
// same relative imports) and compares both trees file by file.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const committedDir = join(packageDir, 'src/gen');
const freshRelative = `src/.gen-fresh-${process.pid}`;
const freshDir = join(packageDir, freshRelative);

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** orval writes index.msw.ts in completion order: compare its lines as a set. */
function normalise(file: string, content: string): string {
  return file === 'index.msw.ts' ? content.split('\n').sort().join('\n') : content;
}

const REGENERATE = 'src/gen is stale: run `pnpm --filter @terres/api-client generate` and commit src/gen';

describe('generated client', () => {
  afterAll(() => rmSync(freshDir, { recursive: true, force: true }));

  it('matches a fresh orval run on openapi/openapi.yaml', () => {
    // The CLI (orval's `exports` hide it): dist/bin/orval.js beside the resolved dist/index.js.
    const orvalBin = join(dirname(createRequire(import.meta.url).resolve('orval')), 'bin/orval.js');
    execFileSync(process.execPath, [orvalBin, '--config', 'orval.config.ts'], {
      cwd: packageDir,
      env: { ...process.env, API_CLIENT_GEN_DIR: freshRelative },
      stdio: 'pipe',
    });
    expect(existsSync(join(freshDir, 'model/index.ts')), 'orval produced no output').toBe(true);

    const files = listFiles(freshDir);
    expect(listFiles(committedDir), REGENERATE).toEqual(files);
    const stale = files.filter(
      (file) =>
        normalise(file, readFileSync(join(freshDir, file), 'utf8')) !==
        normalise(file, readFileSync(join(committedDir, file), 'utf8')),
    );
    expect(stale, REGENERATE).toEqual([]);
  });
});
