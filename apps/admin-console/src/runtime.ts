import type { RouterHistory } from '@tanstack/react-router';
import type { StorageLike } from '@terres/api-client';
import { createAppRuntime } from '@terres/app-kit';
import { env } from './config/env';
import { createAppRouter } from './router';

/** The console's query client, signed-in state and router (tests pass a memory history and storage). */
export function createConsoleRuntime(options: { history?: RouterHistory; apiUrl?: string; storage?: StorageLike; renewSessionAtOnce?: boolean } = {}) {
  return createAppRuntime({
    apiUrl: options.apiUrl ?? env.apiUrl,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.renewSessionAtOnce ? { renewSessionAtOnce: true } : {}),
    createRouter: (context) => createAppRouter({ ...context, ...(options.history ? { history: options.history } : {}) }),
  });
}
