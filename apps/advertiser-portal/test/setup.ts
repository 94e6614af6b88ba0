import '@testing-library/jest-dom/vitest';
import { preloadToasts } from '@terres/ui/toast';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// Toasts show at once in tests (the app loads their display with the first one).
beforeAll(async () => {
  await preloadToasts();
});

// happy-dom gives <wbr> (the e-mail addresses' break points) no display, so accessible names and
// descriptions computed from it read a space there; browsers keep it inline, adding none.
beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = 'wbr { display: inline; }';
  document.head.append(style);
});

// Every test file talks to the generated MSW handlers (French fake data); a test overrides the
// answers it cares about with `server.use(...)`. An unexpected call fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// React logs an error caught by a route's error boundary with `%o`; Node's inspector then walks
// from ky's HTTPError into happy-dom's objects and throws ("Cannot read private member
// #htmlHyperlinkElementUtility"), which vitest reports as an unhandled error. Errors are logged
// by name and message instead.
const logError = console.error.bind(console);
console.error = (...args: unknown[]) =>
  logError(...args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg)));
afterEach(() => {
  // Without vitest globals, Testing Library cannot register its own cleanup.
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
