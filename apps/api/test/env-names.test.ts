// One list of configuration variables: the names `src/env.ts` reads (ENV_NAMES) are the ones turbo
// passes to the API and the ones the README's configuration table documents.
//
// `pnpm start`, `pnpm start:api` and `turbo run dev` run the API under turbo, whose strict env
// mode hands a task only the variables its `passThroughEnv` (or `env`, or the global lists)
// name: a variable env.ts reads but turbo does not name is dropped without a word (issue 17:
// TRUST_PROXY=true pnpm start:api ran without a trusted proxy). This asks turbo itself, by a
// dry run, which of env.ts's variables it would pass, so wildcards and `$TURBO_EXTENDS$` count
// exactly as turbo counts them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from '../src/env.js';
import { packageRoot, repoRoot } from '../src/paths.js';

const TASKS = ['start', 'dev'] as const;

interface DryRun {
  tasks: { taskId: string; environmentVariables: { passthrough: string[] | null; specified: { env: string[]; passThroughEnv: string[] | null } } }[];
}

/** The names turbo would hand `@terres/api#<task>` when every variable of env.ts is set. */
function passedBy(task: (typeof TASKS)[number]): string[] {
  const turbo = join(repoRoot, 'node_modules', '.bin', 'turbo');
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !/^TURBO_/.test(name)) env[name] = value;
  for (const name of ENV_NAMES) env[name] = 'probe';
  const run = spawnSync(turbo, ['run', task, '--filter=@terres/api', '--dry=json'], { cwd: repoRoot, env, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(`turbo run ${task} --dry=json failed:\n${run.stderr}`);
  const dry = JSON.parse(run.stdout) as DryRun;
  const entry = dry.tasks.find((t) => t.taskId === `@terres/api#${task}`);
  if (!entry) throw new Error(`turbo's dry run has no @terres/api#${task}`);
  // `passthrough` holds `NAME=<hash of the value>` for each variable of this environment it passes.
  return (entry.environmentVariables.passthrough ?? []).map((line) => line.slice(0, line.indexOf('=')));
}

/** A turbo pattern (`S3_*`) as a test on a name. */
const matches = (pattern: string, name: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name);

describe('every variable env.ts reads reaches the API under turbo', () => {
  it('env.ts exports the names it reads', () => {
    expect(ENV_NAMES).toContain('TRUST_PROXY');
    expect(ENV_NAMES.length).toBeGreaterThanOrEqual(49);
  });

  it.each(TASKS)('turbo run %s passes every one of them', (task) => {
    expect(existsSync(join(repoRoot, 'node_modules', '.bin', 'turbo'))).toBe(true);
    const passed = new Set(passedBy(task));
    const missing = ENV_NAMES.filter((name) => !passed.has(name));
    expect(missing, `add these to apps/api/turbo.json "${task}".passThroughEnv`).toEqual([]);
  }, 60_000);

  it.each(TASKS)('apps/api/turbo.json %s names no variable env.ts does not read', (task) => {
    const config = JSON.parse(readFileSync(join(packageRoot, 'turbo.json'), 'utf8')) as {
      tasks: Record<string, { passThroughEnv?: string[] }>;
    };
    const listed = (config.tasks[task]?.passThroughEnv ?? []).filter((pattern) => pattern !== '$TURBO_EXTENDS$');
    const stale = listed.filter((pattern) => !ENV_NAMES.some((name) => matches(pattern, name)));
    expect(stale, 'env.ts no longer reads these: remove them').toEqual([]);
  });
});

describe('every variable env.ts reads is in the README\'s configuration table', () => {
  it('names each one in the table of "## Configuration"', () => {
    const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
    const section = /^## Configuration\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
    const documented = new Set([...section.matchAll(/^\|([^|]*)\|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
    expect(ENV_NAMES.filter((name) => !documented.has(name)), 'add these to apps/api/README.md "Configuration"').toEqual([]);
    expect([...documented].filter((name) => !(ENV_NAMES as string[]).includes(name)), 'env.ts no longer reads these').toEqual([]);
  });
});
