// Reads of the transfers screens: the route's loader (`ensureQueryData`) and the page
// (`useSuspenseQuery`) share these options. Lists go through the paged helpers (X-Total-Count).
import {
  getCarriersPageQueryOptions,
  getGetLoadHistorySuspenseQueryOptions,
  getGetLoadSuspenseQueryOptions,
  getGetTransferSuspenseQueryOptions,
  getTransferLoadsPageQueryOptions,
  getTransfersPageQueryOptions,
} from '@terres/api-client';

/** The organisation's transfers, newest first (a site rarely runs more than a page of them). */
export function transfersQueryOptions() {
  return getTransfersPageQueryOptions({ page: 1, page_size: 100 });
}

export function transferQueryOptions(id: string) {
  return getGetTransferSuspenseQueryOptions(id);
}

/** A transfer's loads, newest first, 100 a page (the API's largest). */
export const LOADS_PAGE_SIZE = 100;
export function transferLoadsQueryOptions(id: string, page = 1) {
  return getTransferLoadsPageQueryOptions(id, { page, page_size: LOADS_PAGE_SIZE });
}

export function loadQueryOptions(id: string) {
  return getGetLoadSuspenseQueryOptions(id);
}

/** A load's former versions, oldest first (one per correction: a handful at most). */
export function loadHistoryQueryOptions(id: string) {
  return getGetLoadHistorySuspenseQueryOptions(id);
}

/** The organisation's active carriers (a list of a few dozen at most). */
export function carriersQueryOptions(organizationId: string) {
  return getCarriersPageQueryOptions(organizationId, { page: 1, page_size: 100 });
}
