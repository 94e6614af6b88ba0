// The runtime of a returning visitor's first page (issue 23): the session's renewal leaves before
// the router is made when the app asks for it (main.tsx), and only then (tests seed their session
// after making the runtime).
import { createMemoryStorage } from '@terres/api-client';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppRuntime } from './runtime';

const API = 'http://api.test/api/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = { id: 'u1', email: 'owner@demo.test', role: 'OWNER', firstName: 'Ana', lastName: 'Martin', phoneNumber: null, organizationId: 'o1' };

function returningVisitor() {
  const storage = createMemoryStorage();
  storage.setItem('user', JSON.stringify(user));
  storage.setItem('refreshTokenExpirationDate', new Date(Date.now() + 86_400_000).toISOString());
  return storage;
}

function start(renewSessionAtOnce: boolean) {
  let refreshes = 0;
  server.use(
    http.post(`${API}/auth/refresh`, () => {
      refreshes += 1;
      return HttpResponse.json({
        accessToken: 'fresh',
        accessTokenExpirationDate: new Date(Date.now() + 900_000).toISOString(),
        refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
        user,
      });
    }),
  );
  const runtime = createAppRuntime({
    apiUrl: API,
    storage: returningVisitor(),
    renewSessionAtOnce,
    createRouter: () => createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() }),
  });
  return { runtime, refreshes: () => refreshes };
}

describe('createAppRuntime', () => {
  it('renews a stored session as soon as it is made when asked (a first visit), once', async () => {
    const { runtime, refreshes } = start(true);
    // Nothing has asked for the session yet: the runtime did.
    await vi.waitFor(() => expect(refreshes()).toBe(1));
    await expect(runtime.auth.ensureSession()).resolves.toMatchObject({ email: 'owner@demo.test' });
    expect(refreshes()).toBe(1);
  });

  it('leaves the renewal to the first guard otherwise', async () => {
    const { runtime, refreshes } = start(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refreshes()).toBe(0);
    await runtime.auth.ensureSession();
    expect(refreshes()).toBe(1);
  });
});
