// Reads of the transfers screens: the route's loader (`ensureQueryData`) and the page
// (`useSuspenseQuery`) share these options. Lists go through the paged helpers (X-Total-Count).
import {
  getCarriersPageQueryOptions,
  getCarriersPagesQueryOptions,
  getGetLoadHistorySuspenseQueryOptions,
  getGetLoadSuspenseQueryOptions,
  getGetTransferSuspenseQueryOptions,
  getTransferLoadsPageQueryOptions,
  getTransfersPagesQueryOptions,
} from '@terres/api-client';

/** The organisation's transfers, newest first: a page, then 'Voir plus' (issue 23). */
export function transfersQueryOptions() {
  return getTransfersPagesQueryOptions();
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

/** The organisation's active carriers to choose from for a load: the first 100 by name (the API's largest page). */
export function carriersQueryOptions(organizationId: string) {
  return getCarriersPageQueryOptions(organizationId, { page: 1, page_size: 100 });
}

/** The organisation's active carriers, by name, read down a page at a time ('Voir plus', issue 23). */
export function carriersPagesQueryOptions(organizationId: string) {
  return getCarriersPagesQueryOptions(organizationId);
}
