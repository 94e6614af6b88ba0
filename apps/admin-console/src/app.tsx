import { AppRoot, preloadRouteChunks } from '@terres/app-kit';
import { StrictMode, type ReactElement } from 'react';
import { createConsoleRuntime } from './runtime';

/**
 * The whole console, its runtime made at the page in the address bar: drawn by main.tsx, or by the
 * sign-in page of its own once signed in (login-main.tsx). The session's renewal starts with the
 * runtime, the page's code with its router (issue 23).
 */
export function appElement(): ReactElement {
  const runtime = createConsoleRuntime({ renewSessionAtOnce: true });
  preloadRouteChunks(runtime.router, window.location.pathname);
  return (
    <StrictMode>
      <AppRoot runtime={runtime} />
    </StrictMode>
  );
}
