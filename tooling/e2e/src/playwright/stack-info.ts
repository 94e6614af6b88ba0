import type { StackInfo } from '../stack/stack';

/** The variable the global setup writes and the workers read. */
export const STACK_ENV = 'TERRES_E2E_STACK';

/** Where this run's stack is (in a test worker). */
export function currentStack(): StackInfo {
  const raw = process.env[STACK_ENV];
  if (!raw) {
    throw new Error(
      `${STACK_ENV} is not set: run the journeys through the app's playwright.config.ts (its global setup starts the stack)`,
    );
  }
  return JSON.parse(raw) as StackInfo;
}
