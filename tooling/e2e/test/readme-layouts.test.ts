// Documentation that stays true (issue 17): each workspace package's README maps its source in a
// "Layout" block, and a folder added without a line there fails here, so the map a newcomer opens
// first is never missing a room. The rule, exactly:
// - every package of apps/*, packages/* and tooling/* that has a src/ folder has a README.md with
//   a `## Layout` heading followed by a fenced block;
// - every folder at src/<a>/ and src/<a>/<b>/ is named in that block (deeper ones are free), except
//   the subfolders of the generated src/gen/ (orval writes one per API tag);
// - a folder is named when the block names it or anything inside it, as a path from the package
//   (`src/features/help/`), from src/ (`features/help/`), or as `help/` on a line indented under
//   a line naming its parent (`features/`); several names may share a line (`auth/ users/`), the
//   words after two spaces are the description;
// - each package README, the root README and deploy/README.md stay under 250 lines (topics go to docs/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const MAX_README_LINES = 250;
/** A word that is a path (`db/`, `src/features/help/`, `external/cors.ts`), not prose (`(dist/)`). */
const PATH = /^[\w.@$<>{}*[\]-]+(\/[\w.@$<>{}*[\]-]*)+$/;

const packages = ['apps', 'packages', 'tooling'].flatMap((group) =>
  readdirSync(join(repoRoot, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, group, entry.name, 'package.json')))
    .map((entry) => join(repoRoot, group, entry.name)),
);

/** The folders the rule asks for: src/<a>/ and src/<a>/<b>/, without src/gen/'s subfolders. */
function sourceFolders(packageDir: string): string[] {
  const dirs = (path: string) =>
    readdirSync(join(packageDir, path), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
      .map((entry) => `${path}/${entry.name}`);
  return dirs('src').flatMap((first) => [`${first}/`, ...(first === 'src/gen' ? [] : dirs(first).map((second) => `${second}/`))]);
}

/** The fenced block under `## Layout`, or undefined. */
function layoutBlock(readme: string): string | undefined {
  const match = /^## Layout[^\n]*\n(?:(?!^## )[\s\S])*?^```[^\n]*\n([\s\S]*?)^```/m.exec(readme);
  return match?.[1];
}

/** Every path the block names, each with its parents from the indentation, from the package root or from src/. */
function namedPaths(block: string): string[] {
  const paths: string[] = [];
  const parents: { indent: number; path: string }[] = [];
  for (const line of block.split('\n')) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    // The names are what comes before the first gap of two spaces; the rest is the description.
    const names = line.trim().split(/ {2,}/)[0]!.split(/[\s,]+/).filter((word) => PATH.test(word));
    while (parents.length > 0 && parents.at(-1)!.indent >= indent) parents.pop();
    const parent = parents.at(-1)?.path ?? '';
    for (const name of names) paths.push(parent + name.replace(/^\.\//, ''));
    if (names.length === 1 && names[0]!.endsWith('/')) parents.push({ indent, path: parent + names[0]! });
  }
  return paths.flatMap((path) => (path.startsWith('src/') ? [path] : [path, `src/${path}`]));
}

/** The folders of the rule that the README's layout does not name. */
function unlisted(folders: readonly string[], named: readonly string[]): string[] {
  return folders.filter((folder) => !named.some((path) => path.startsWith(folder)));
}

describe('each package README maps every source folder', () => {
  const withSource = packages.filter((dir) => existsSync(join(dir, 'src')));

  it('finds the packages', () => {
    expect(withSource.map((dir) => relative(repoRoot, dir))).toEqual(expect.arrayContaining(['apps/api', 'packages/domain', 'tooling/e2e']));
  });

  it.each(withSource.map((dir) => [relative(repoRoot, dir), dir]))('%s', (name, dir) => {
    const readmePath = join(dir, 'README.md');
    expect(existsSync(readmePath), `${name} has no README.md`).toBe(true);
    const block = layoutBlock(readFileSync(readmePath, 'utf8'));
    expect(block, `${name}/README.md has no fenced block under "## Layout"`).toBeDefined();
    const missing = unlisted(sourceFolders(dir), namedPaths(block!));
    expect(missing, `add these folders to ${name}/README.md's layout`).toEqual([]);
  });
});

describe('READMEs stay short', () => {
  const readmes = ['README.md', 'deploy/README.md', ...packages.map((dir) => join(relative(repoRoot, dir), 'README.md'))].filter((path) => existsSync(join(repoRoot, path)));

  it.each(readmes)(`%s is under ${MAX_README_LINES} lines`, (path) => {
    const lines = readFileSync(join(repoRoot, path), 'utf8').trimEnd().split('\n').length;
    expect(lines, 'move a topic to docs/').toBeLessThan(MAX_README_LINES);
  });
});

describe('the layout reader', () => {
  const block = [
    'src/',
    '  app.ts             the factory',
    '  db/',
    '    schema.ts        tables',
    '  routes/',
    '    auth/ users/     one plugin per resource',
    '    index.ts         registers them',
    'src/features/help/   /help',
    'e2e/, bench/         journeys and benchmarks',
  ].join('\n');
  const named = namedPaths(block);

  it('reads nested, shared and package-relative names', () => {
    expect(unlisted(['src/db/', 'src/routes/', 'src/routes/auth/', 'src/routes/users/', 'src/features/', 'src/features/help/'], named)).toEqual([]);
  });

  it('reports a folder nobody names, and does not take a description for a name', () => {
    expect(unlisted(['src/routes/matches/', 'src/plugins/', 'src/registers/'], named)).toEqual(['src/routes/matches/', 'src/plugins/', 'src/registers/']);
  });
});
