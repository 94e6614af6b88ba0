import { handlers } from '@terres/api-client/mocks';
import { setupServer } from 'msw/node';

/** The API root the tests configure; the generated handlers match any host. */
export const TEST_API_URL = 'http://api.test/api/v1';

export const server = setupServer(...handlers);
