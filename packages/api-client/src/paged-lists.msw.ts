// MSW handlers for the paged lists (src/paged-lists.ts): the generated handlers answer a body
// only; these add `X-Total-Count` as the API does. Given the whole data set, they slice it by
// `page` and `page_size` like the API; given a function, the test answers the page itself.
//
//   server.use(getListInquiriesPageMockHandler(tenListings))                  // pages of it
//   server.use(getListInquiriesPageMockHandler(() => ({ items: [], total: 0 })))  // 'Aucune donnée'
import { http, HttpResponse, type HttpHandler, type RequestHandlerOptions } from 'msw';
import { getListInquiriesResponseMock } from './gen/inquiries/inquiries.msw';
import { getListInvoicesResponseMock } from './gen/invoices/invoices.msw';
import type { Carrier, Inquiry, Invoice, Organization, SoilStudy, TransferSummary } from './gen/model';
import { getListOrganizationsResponseMock } from './gen/organizations/organizations.msw';
import { getListSoilStudiesResponseMock } from './gen/soil-studies/soil-studies.msw';
import { getListCarriersResponseMock, getListTransfersResponseMock } from './gen/transfers/transfers.msw';

type ResolverInfo = Parameters<Parameters<typeof http.get>[1]>[0];

/** What a test answers for one request: a page and its count. */
export interface PageMock<T> {
  items: T[];
  total?: number;
  totalCapped?: boolean;
}

export type PageMockOverride<T> = T[] | ((info: ResolverInfo) => PageMock<T> | Promise<PageMock<T>>);

/** `rows` cut as the API cuts them: no paging parameter, the first 100 (issue 20); else page (1) of page_size (25). */
export function slicePage<T>(rows: readonly T[], url: URL): PageMock<T> {
  const page = url.searchParams.get('page');
  const size = url.searchParams.get('page_size');
  if (page === null && size === null) return { items: rows.slice(0, 100), total: rows.length };
  const pageSize = Number(size ?? 25);
  const start = (Number(page ?? 1) - 1) * pageSize;
  return { items: rows.slice(start, start + pageSize), total: rows.length };
}

function pageHandler<T>(path: string, fallback: () => T[], override?: PageMockOverride<T>, options?: RequestHandlerOptions): HttpHandler {
  return http.get(
    path,
    async (info) => {
      const answer =
        typeof override === 'function' ? await override(info) : slicePage(override ?? fallback(), new URL(info.request.url));
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'X-Total-Count': String(answer.total ?? answer.items.length),
      };
      if (answer.totalCapped) headers['X-Total-Count-Capped'] = 'true';
      return HttpResponse.json(answer.items, { headers });
    },
    options,
  );
}

export const getListInquiriesPageMockHandler = (override?: PageMockOverride<Inquiry>, options?: RequestHandlerOptions) =>
  pageHandler('*/inquiries', getListInquiriesResponseMock, override, options);

export const getListOrganizationsPageMockHandler = (override?: PageMockOverride<Organization>, options?: RequestHandlerOptions) =>
  pageHandler('*/organizations', getListOrganizationsResponseMock, override, options);

export const getListSoilStudiesPageMockHandler = (override?: PageMockOverride<SoilStudy>, options?: RequestHandlerOptions) =>
  pageHandler('*/soil-studies', getListSoilStudiesResponseMock, override, options);

export const getListInvoicesPageMockHandler = (override?: PageMockOverride<Invoice>, options?: RequestHandlerOptions) =>
  pageHandler('*/invoices', getListInvoicesResponseMock, override, options);

export const getListTransfersPageMockHandler = (override?: PageMockOverride<TransferSummary>, options?: RequestHandlerOptions) =>
  pageHandler('*/transfers', getListTransfersResponseMock, override, options);

export const getListCarriersPageMockHandler = (override?: PageMockOverride<Carrier>, options?: RequestHandlerOptions) =>
  pageHandler('*/organizations/:id/carriers', getListCarriersResponseMock, override, options);

/** The three lists with their count header (in `handlers`, before the generated ones). */
export const pagedListHandlers: HttpHandler[] = [
  getListInquiriesPageMockHandler(),
  getListOrganizationsPageMockHandler(),
  getListSoilStudiesPageMockHandler(),
];
