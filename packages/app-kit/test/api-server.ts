// An MSW server for the API client, configured afresh before each test of the file that calls it.
import { configureApiClient, createMemoryStorage } from '@terres/api-client';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const TEST_API = 'http://api.test/api/v1';

export function setupApiServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  afterEach(() => server.resetHandlers());
  beforeEach(() => {
    configureApiClient({ baseUrl: TEST_API, onUnauthorized: () => undefined, storage: createMemoryStorage() });
  });
  return server;
}
