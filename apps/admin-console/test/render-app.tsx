import { createMemoryHistory } from '@tanstack/react-router';
import { createMemoryStorage, type User } from '@terres/api-client';
import { AppRoot } from '@terres/app-kit';
import { sessionFor, storeSession } from '@terres/app-kit/testing';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createConsoleRuntime } from '../src/runtime';
import { TEST_API_URL } from './server';

/**
 * Renders the whole console (real route tree, guards, loaders) at `path` on a memory history,
 * against the MSW server, signed in as `user` when given.
 */
export function renderApp(path: string, options: { user?: User } = {}) {
  const storage = createMemoryStorage();
  if (options.user) storeSession(storage, sessionFor(options.user));
  const runtime = createConsoleRuntime({
    history: createMemoryHistory({ initialEntries: [path] }),
    apiUrl: TEST_API_URL,
    storage,
  });
  const user = userEvent.setup();
  const view = render(<AppRoot runtime={runtime} />);
  const location = () => runtime.router.state.location;
  return { ...runtime, ...view, user, storage, location };
}
