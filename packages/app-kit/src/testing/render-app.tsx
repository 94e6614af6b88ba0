// Renders a whole app in a test: its real route tree, guards and loaders, on a memory history,
// against the test's MSW server, signed in as a given user (bulletproof-react's `renderApp`).
import { createMemoryHistory, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { createMemoryStorage, saveSession, type StorageLike, type User } from '@terres/api-client';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoot, type AppRuntime } from '../app/runtime';
import { sessionFor, storeSession } from './session';

/** Builds an app's runtime for a test (the app's own factory with the test API's URL). */
export type TestRuntimeFactory<TRouter extends AnyRouter> = (options: { history: RouterHistory; storage: StorageLike }) => AppRuntime<TRouter>;

/**
 * The app's `renderApp(path, { user })`: the runtime, Testing Library's view, a `user-event`
 * session, the storage holding the session and the router's current `location()`.
 */
export function createRenderApp<TRouter extends AnyRouter>(createRuntime: TestRuntimeFactory<TRouter>) {
  return function renderApp(path: string, options: { user?: User } = {}) {
    const storage = createMemoryStorage();
    const session = options.user ? sessionFor(options.user) : undefined;
    if (session) storeSession(storage, session);
    const runtime = createRuntime({ history: createMemoryHistory({ initialEntries: [path] }), storage });
    // The access token lives in the client's memory (issue 20): put it there once the runtime
    // has given the client this storage (which empties that memory).
    if (session) saveSession(session);
    const user = userEvent.setup();
    const view = render(<AppRoot runtime={runtime} />);
    const location = () => runtime.router.state.location;
    return { ...runtime, ...view, user, storage, location };
  };
}
