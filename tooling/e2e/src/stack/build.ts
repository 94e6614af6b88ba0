// Builds a web app with Vite into a folder of its own, with build-time variables pointing to this
// run's stack. A child process per build: its own environment (the VITE_* values differ per run),
// both builds on the two cores at once, and nothing left running if the run is killed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnGuarded } from './processes';

export interface BuildOptions {
  /** The app's folder (apps/<name>). */
  appDir: string;
  outDir: string;
  /** VITE_* variables of this build; the developer's own VITE_* are not passed on. */
  viteEnv: Record<string, string>;
  onLine?: (line: string) => void;
}

/** The environment of a child build: ours without VITE_* and NODE_ENV (Vite sets production). */
export function buildEnvironment(parent: NodeJS.ProcessEnv, viteEnv: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent)) {
    if (name.startsWith('VITE_') || name === 'NODE_ENV') continue;
    env[name] = value;
  }
  return { ...env, ...viteEnv };
}

/**
 * `vite build` with the app's own vite.config.ts, plus: the manifest (the bundle-size check reads
 * it) and hidden source maps (which modules each chunk holds; the served files are byte for byte
 * those of a production build, without a sourceMappingURL comment).
 */
export async function buildApp({ appDir, outDir, viteEnv, onLine }: BuildOptions): Promise<void> {
  const vite = join(appDir, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) throw new Error(`no Vite in ${appDir}/node_modules: run pnpm install`);
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--sourcemap', 'hidden', '--logLevel', 'error'];
  const child = spawnGuarded(`vite build (${appDir})`, process.execPath, args, {
    cwd: appDir,
    env: buildEnvironment(process.env, viteEnv),
    ...(onLine ? { onLine } : {}),
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`vite build of ${appDir} failed (exit ${code}):\n${child.output()}`);
}
