// The admin tables' lists as pages: `{ items, total, totalCapped }` from the generated URL of
// each list operation and its `X-Total-Count` header (the body stays the JSON array the
// contract promises). Calls go through the mutator's ky instance, like every generated call.
//
//   loader: ({ context }) => context.queryClient.ensureQueryData(getInquiriesPageQueryOptions(params))
//   component: const { data } = useSuspenseQuery(getInquiriesPageQueryOptions(params)); data.items, data.total
//
// Lists a user reads down rather than page by page (an organisation's invoices, its transfers:
// issue 23, no list fetched whole) have infinite variants, `get<List>PagesQueryOptions`: one
// page at first, the next on 'Voir plus' (`useMorePages` of @terres/app-kit).
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { getListInquiriesUrl } from './gen/inquiries/inquiries';
import { getListCreditTransactionsUrl } from './gen/credits/credits';
import { getListInvoicesUrl } from './gen/invoices/invoices';
import type {
  Carrier,
  CreditTransaction,
  ListCreditTransactionsParams,
  Inquiry,
  Invoice,
  ListCarriersParams,
  ListTransferLoadsParams,
  ListTransfersParams,
  Load,
  TransferSummary,
  ListInquiriesParams,
  ListOrganizationsParams,
  ListSoilStudiesParams,
  Organization,
  Problem,
  SoilStudy,
} from './gen/model';
import { getListOrganizationsUrl } from './gen/organizations/organizations';
import { getListSoilStudiesUrl } from './gen/soil-studies/soil-studies';
import { getListCarriersUrl, getListTransferLoadsUrl, getListTransfersUrl } from './gen/transfers/transfers';
import { customFetchWithHeaders, type ErrorType } from './mutator';

/** One page of a list and the count of every matching row. */
export interface Page<T> {
  items: T[];
  /** Matching rows, all pages together (`X-Total-Count`). */
  total: number;
  /**
   * True when a quick search stopped counting (`X-Total-Count-Capped`): there are more than
   * `total` (10 000) matches; show it as "plus de 10 000".
   */
  totalCapped: boolean;
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const TOTAL_COUNT_CAPPED_HEADER = 'X-Total-Count-Capped';

/** The page of an answer: its body and its count headers (the body's length without them). */
export function toPage<T>(items: T[], headers: Headers): Page<T> {
  const header = headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : items.length;
  return { items, total, totalCapped: headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true' };
}

async function fetchPage<T>(url: string, init: RequestInit = {}): Promise<Page<T>> {
  const { data, headers } = await customFetchWithHeaders<T[]>(url, { ...init, method: 'GET' });
  return toPage(data, headers);
}

type ListError = ErrorType<Problem>;

/** Rows a 'Voir plus' list shows at first, and adds each time. */
export const MORE_PAGE_SIZE = 25;

/** The page after `pages` while the count says rows are left (an empty page ends it too). */
export function nextPageAfter<T>(last: Page<T>, pages: readonly Page<T>[]): number | undefined {
  const shown = pages.reduce((count, page) => count + page.items.length, 0);
  return last.items.length > 0 && shown < last.total ? pages.length + 1 : undefined;
}

/** Pages of one list fetched one after the other, under `queryKey` (the list's generated key first). */
function pagesQueryOptions<T>(queryKey: readonly unknown[], urlOf: (page: number) => string) {
  return infiniteQueryOptions<Page<T>, ListError, InfiniteData<Page<T>, number>, readonly unknown[], number>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage<T>(urlOf(pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageAfter,
  });
}

// ── listings (GET /inquiries) ──

export function listInquiriesPage(params: ListInquiriesParams = {}, init?: RequestInit): Promise<Page<Inquiry>> {
  return fetchPage<Inquiry>(getListInquiriesUrl(params), init);
}

/** Under the generated list's key (`/api/v1/inquiries`): invalidating the list invalidates the pages. */
export function getInquiriesPageQueryKey(params: ListInquiriesParams = {}) {
  return ['/api/v1/inquiries', 'page', params] as const;
}

export function getInquiriesPageQueryOptions(params: ListInquiriesParams = {}) {
  return queryOptions<Page<Inquiry>, ListError>({
    queryKey: getInquiriesPageQueryKey(params),
    queryFn: ({ signal }) => listInquiriesPage(params, { signal }),
  });
}

// ── invoices (GET /invoices), newest first ──

/** Under the generated list's key (`/api/v1/invoices`): invalidating the list invalidates the pages. */
export function getInvoicesPagesQueryOptions(pageSize = MORE_PAGE_SIZE) {
  return pagesQueryOptions<Invoice>(['/api/v1/invoices', 'pages', { page_size: pageSize }], (page) => getListInvoicesUrl({ page, page_size: pageSize }));
}

// ── organisations (GET /organizations) ──

export function listOrganizationsPage(params: ListOrganizationsParams = {}, init?: RequestInit): Promise<Page<Organization>> {
  return fetchPage<Organization>(getListOrganizationsUrl(params), init);
}

export function getOrganizationsPageQueryKey(params: ListOrganizationsParams = {}) {
  return ['/api/v1/organizations', 'page', params] as const;
}

export function getOrganizationsPageQueryOptions(params: ListOrganizationsParams = {}) {
  return queryOptions<Page<Organization>, ListError>({
    queryKey: getOrganizationsPageQueryKey(params),
    queryFn: ({ signal }) => listOrganizationsPage(params, { signal }),
  });
}

// ── soil studies (GET /soil-studies) ──

export function listSoilStudiesPage(params: ListSoilStudiesParams = {}, init?: RequestInit): Promise<Page<SoilStudy>> {
  return fetchPage<SoilStudy>(getListSoilStudiesUrl(params), init);
}

export function getSoilStudiesPageQueryKey(params: ListSoilStudiesParams = {}) {
  return ['/api/v1/soil-studies', 'page', params] as const;
}

export function getSoilStudiesPageQueryOptions(params: ListSoilStudiesParams = {}) {
  return queryOptions<Page<SoilStudy>, ListError>({
    queryKey: getSoilStudiesPageQueryKey(params),
    queryFn: ({ signal }) => listSoilStudiesPage(params, { signal }),
  });
}

// ── transfers (GET /transfers), a transfer's loads, an organisation's carriers ──

export function listTransfersPage(params: ListTransfersParams = {}, init?: RequestInit): Promise<Page<TransferSummary>> {
  return fetchPage<TransferSummary>(getListTransfersUrl(params), init);
}

export function getTransfersPageQueryKey(params: ListTransfersParams = {}) {
  return ['/api/v1/transfers', 'page', params] as const;
}

export function getTransfersPageQueryOptions(params: ListTransfersParams = {}) {
  return queryOptions<Page<TransferSummary>, ListError>({
    queryKey: getTransfersPageQueryKey(params),
    queryFn: ({ signal }) => listTransfersPage(params, { signal }),
  });
}

/** The transfers 'Voir plus' after 'Voir plus' (under the generated list's key). */
export function getTransfersPagesQueryOptions(params: Omit<ListTransfersParams, 'page' | 'page_size'> = {}, pageSize = MORE_PAGE_SIZE) {
  return pagesQueryOptions<TransferSummary>(['/api/v1/transfers', 'pages', { ...params, page_size: pageSize }], (page) =>
    getListTransfersUrl({ ...params, page, page_size: pageSize }),
  );
}

export function listTransferLoadsPage(id: string, params: ListTransferLoadsParams = {}, init?: RequestInit): Promise<Page<Load>> {
  return fetchPage<Load>(getListTransferLoadsUrl(id, params), init);
}

/** Under the generated list's key (`/api/v1/transfers/{id}/loads`). */
export function getTransferLoadsPageQueryKey(id: string, params: ListTransferLoadsParams = {}) {
  return [`/api/v1/transfers/${id}/loads`, 'page', params] as const;
}

export function getTransferLoadsPageQueryOptions(id: string, params: ListTransferLoadsParams = {}) {
  return queryOptions<Page<Load>, ListError>({
    queryKey: getTransferLoadsPageQueryKey(id, params),
    queryFn: ({ signal }) => listTransferLoadsPage(id, params, { signal }),
  });
}

export function listCarriersPage(organizationId: string, params: ListCarriersParams = {}, init?: RequestInit): Promise<Page<Carrier>> {
  return fetchPage<Carrier>(getListCarriersUrl(organizationId, params), init);
}

export function getCarriersPageQueryKey(organizationId: string, params: ListCarriersParams = {}) {
  return [`/api/v1/organizations/${organizationId}/carriers`, 'page', params] as const;
}

export function getCarriersPageQueryOptions(organizationId: string, params: ListCarriersParams = {}) {
  return queryOptions<Page<Carrier>, ListError>({
    queryKey: getCarriersPageQueryKey(organizationId, params),
    queryFn: ({ signal }) => listCarriersPage(organizationId, params, { signal }),
  });
}

/** An organisation's carriers 'Voir plus' after 'Voir plus' (under the generated list's key: a save invalidates them). */
export function getCarriersPagesQueryOptions(
  organizationId: string,
  params: Omit<ListCarriersParams, 'page' | 'page_size'> = {},
  pageSize = MORE_PAGE_SIZE,
) {
  return pagesQueryOptions<Carrier>([`/api/v1/organizations/${organizationId}/carriers`, 'pages', { ...params, page_size: pageSize }], (page) =>
    getListCarriersUrl(organizationId, { ...params, page, page_size: pageSize }),
  );
}

// ── an organisation's credit ledger (GET /organizations/{id}/credit-transactions) ──

export function listCreditTransactionsPage(
  organizationId: string,
  params: ListCreditTransactionsParams = {},
  init?: RequestInit,
): Promise<Page<CreditTransaction>> {
  return fetchPage<CreditTransaction>(getListCreditTransactionsUrl(organizationId, params), init);
}

/** Under the generated list's key: invalidating the ledger invalidates its pages. */
export function getCreditTransactionsPageQueryKey(organizationId: string, params: ListCreditTransactionsParams = {}) {
  return [`/api/v1/organizations/${organizationId}/credit-transactions`, 'page', params] as const;
}

/** The ledger a page at a time, then 'Voir plus' (the portal's credits history, issue 21), under the same key. */
export function getCreditTransactionsPagesQueryOptions(organizationId: string, pageSize = MORE_PAGE_SIZE) {
  return pagesQueryOptions<CreditTransaction>(
    [`/api/v1/organizations/${organizationId}/credit-transactions`, 'pages', { page_size: pageSize }],
    (page) => getListCreditTransactionsUrl(organizationId, { page, page_size: pageSize }),
  );
}

export function getCreditTransactionsPageQueryOptions(organizationId: string, params: ListCreditTransactionsParams = {}) {
  return queryOptions<Page<CreditTransaction>, ListError>({
    queryKey: getCreditTransactionsPageQueryKey(organizationId, params),
    queryFn: ({ signal }) => listCreditTransactionsPage(organizationId, params, { signal }),
  });
}
