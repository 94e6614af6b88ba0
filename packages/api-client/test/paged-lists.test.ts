// The lists as pages: the generated URL, the mutator's ky instance, the X-Total-Count header,
// and the MSW page handlers the apps' component tests use.
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configureApiClient,
  createMemoryStorage,
  getInquiriesPageQueryKey,
  getInquiriesPageQueryOptions,
  getListInquiriesQueryKey,
  getOrganizationsPageQueryOptions,
  listInquiriesPage,
  listOrganizationsPage,
  listSoilStudiesPage,
  saveSession,
  toPage,
  type Inquiry,
} from '../src/index';
import {
  getGetInquiryResponseMock,
  getListInquiriesPageMockHandler,
  getListSoilStudiesPageMockHandler,
  handlers,
} from '../src/mocks';

const API = 'http://api.test/api/v1';
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => {
  configureApiClient({ baseUrl: API, onUnauthorized: vi.fn(), storage: createMemoryStorage() });
});

const listings = (n: number): Inquiry[] =>
  Array.from({ length: n }, (_, i) => getGetInquiryResponseMock({ projectName: `Chantier ${i + 1}` }));

describe('toPage', () => {
  it('reads the total and the capped flag from the headers', () => {
    expect(toPage([1, 2], new Headers({ 'X-Total-Count': '42' }))).toEqual({ items: [1, 2], total: 42, totalCapped: false });
    expect(toPage([1], new Headers({ 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' }))).toEqual({
      items: [1],
      total: 10000,
      totalCapped: true,
    });
  });

  it('counts the body when the header is missing or unreadable', () => {
    expect(toPage(['a', 'b', 'c'], new Headers())).toMatchObject({ total: 3, totalCapped: false });
    expect(toPage(['a'], new Headers({ 'X-Total-Count': 'beaucoup' }))).toMatchObject({ total: 1 });
  });
});

describe('list pages through the mutator', () => {
  it('sends the query parameters snake_case and the bearer token, and answers items with the total', async () => {
    saveSession({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      accessTokenExpirationDate: new Date(Date.now() + 600_000).toISOString(),
      refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
      user: { id: 'u', email: 'admin@demo.test', role: 'ADMIN', firstName: null, lastName: null, phoneNumber: null, organizationId: null },
    });
    let seen: URL | undefined;
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/inquiries`, ({ request }) => {
        seen = new URL(request.url);
        authorization = request.headers.get('authorization');
        return HttpResponse.json(listings(5), { headers: { 'X-Total-Count': '137' } });
      }),
    );
    const page = await listInquiriesPage({ q: 'étienne', status: ['PENDING_VALIDATION', 'APPROVED'], type: 'CUT', sort: '-updated_at', page: 3, page_size: 5 });
    expect(page.total).toBe(137);
    expect(page.totalCapped).toBe(false);
    expect(page.items).toHaveLength(5);
    expect(authorization).toBe('Bearer access-1');
    expect(seen?.searchParams.get('q')).toBe('étienne');
    expect(seen?.searchParams.getAll('status')).toEqual(['PENDING_VALIDATION', 'APPROVED']);
    expect(seen?.searchParams.get('type')).toBe('CUT');
    expect(seen?.searchParams.get('sort')).toBe('-updated_at');
    expect(seen?.searchParams.get('page')).toBe('3');
    expect(seen?.searchParams.get('page_size')).toBe('5');
  });

  it('throws the problem of a refused query (400) like every generated call', async () => {
    server.use(
      http.get(`${API}/organizations`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Le paramètre « page » doit être un nombre entier supérieur ou égal à 1.' },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    await expect(listOrganizationsPage({ page: 0 })).rejects.toMatchObject({ response: { status: 400 } });
  });
});

describe('page mock handlers', () => {
  it('slice the data set by page and page_size and count all of it', async () => {
    server.use(getListInquiriesPageMockHandler(listings(12)));
    const second = await listInquiriesPage({ page: 2, page_size: 5 });
    expect(second.total).toBe(12);
    expect(second.items.map((i) => i.projectName)).toEqual(['Chantier 6', 'Chantier 7', 'Chantier 8', 'Chantier 9', 'Chantier 10']);
    const all = await listInquiriesPage();
    expect(all.items).toHaveLength(12);
  });

  it('let a test answer the page itself, capped count included', async () => {
    server.use(getListSoilStudiesPageMockHandler(() => ({ items: [], total: 10000, totalCapped: true })));
    await expect(listSoilStudiesPage({ q: 'rue' })).resolves.toEqual({ items: [], total: 10000, totalCapped: true });
  });

  it('answer the default handlers with a count header', async () => {
    // A page larger than the generated data set (2 to 6 rows, orval.config.ts): the count is every row's.
    const page = await listOrganizationsPage({ page: 1, page_size: 100 });
    expect(page.total).toBe(page.items.length);
    expect(page.items.length).toBeGreaterThanOrEqual(2);
  });
});

describe('query options', () => {
  it('keep pages under the generated list key, so invalidating the list refetches them', async () => {
    server.use(getListInquiriesPageMockHandler(listings(3)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = getInquiriesPageQueryOptions({ page: 1, page_size: 5 });
    expect(options.queryKey).toEqual(getInquiriesPageQueryKey({ page: 1, page_size: 5 }));
    expect(options.queryKey[0]).toBe(getListInquiriesQueryKey()[0]);
    const page = await client.ensureQueryData(options);
    expect(page.total).toBe(3);
    await client.invalidateQueries({ queryKey: getListInquiriesQueryKey() });
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    const organizations = await client.fetchQuery(getOrganizationsPageQueryOptions({ q: 'terr' }));
    expect(organizations.items.length).toBe(organizations.total);
  });
});
