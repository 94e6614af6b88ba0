import '@testing-library/jest-dom/vitest';
import { preloadToasts } from '@terres/ui/toast';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// React logs an error caught by a route's error boundary with `%o`; Node's inspector then walks
// from ky's HTTPError into happy-dom's objects and throws ("Cannot read private member
// #htmlHyperlinkElementUtility"), which vitest reports as an unhandled error. Errors are logged
// by name and message instead.
const logError = console.error.bind(console);
console.error = (...args: unknown[]) =>
  logError(...args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg)));

// Patient waits: findBy and waitFor give the page 3 s instead of 1 s, for a machine shared by
// several test runs (a wait ends as soon as its state is reached).
configure({ asyncUtilTimeout: 3000 });

// Toasts show at once in tests (the app loads their display with the first one).
beforeAll(async () => {
  await preloadToasts();
});

// Every test file talks to the generated MSW handlers (French fake data); a test overrides the
// answers it cares about with `server.use(...)`. An unexpected call fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  // Without vitest globals, Testing Library cannot register its own cleanup.
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
