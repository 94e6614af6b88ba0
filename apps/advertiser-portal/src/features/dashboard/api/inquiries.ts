// The organisation's listings (GET /inquiries: members see their organisation's only), a page at
// a time (issue 20: the API answers at most a page; an organisation may have hundreds). The
// route's loader (`ensureQueryData`) and the page use the same options for the first page, so
// the page renders with the data; the table then asks the API for the page, size and search shown.
import { getInquiriesPageQueryOptions, type ListInquiriesParams } from '@terres/api-client';

/** What the table shows: the page (from 1), its size, the search ('' or 2 characters and more). */
export interface DashboardListState {
  page: number;
  pageSize: number;
  query: string;
}

/** Ten rows per page, as the table has always opened. */
export const FIRST_DASHBOARD_PAGE: DashboardListState = { page: 1, pageSize: 10, query: '' };

/** The API's query for the table's state: newest first (the API's default order). */
export function dashboardListParams(state: DashboardListState): ListInquiriesParams {
  return { page: state.page, page_size: state.pageSize, ...(state.query ? { q: state.query } : {}) };
}

export function organisationInquiriesQueryOptions(state: DashboardListState = FIRST_DASHBOARD_PAGE) {
  return getInquiriesPageQueryOptions(dashboardListParams(state));
}
