// Playwright global setup: the stack starts once per run, in the runner process; test workers
// read where it is from one environment variable (workers inherit the runner's environment).
import type { FullConfig } from '@playwright/test';
import { APP_NAMES, startStack, type AppName } from '../stack/stack';
import { STACK_ENV } from './stack-info';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const started = Date.now();
  const requested = (config.metadata as { terresApps?: unknown }).terresApps;
  const apps = (Array.isArray(requested) ? requested : []).filter((app): app is AppName => APP_NAMES.includes(app as AppName));
  const stack = await startStack({ apps });
  process.env[STACK_ENV] = JSON.stringify(stack.info);
  return async () => {
    await stack.stop();
    console.log(`[e2e] ${apps.join(', ')}: whole run ${Math.round((Date.now() - started) / 100) / 10} s (stack start ${stack.info.timings.total} s)`);
  };
}
