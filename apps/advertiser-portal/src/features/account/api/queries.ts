// The account pages' data. Each route's loader (`ensureQueryData`) and its page
// (`useSuspenseQuery`) use the same options, so the page renders with the data; orval's
// suspense variants share the keys of `getXQueryOptions`. The organisation is the portal's
// shared `myOrganizationQueryOptions()`.
import { getGetCurrentUserSuspenseQueryOptions, getInvoicesPagesQueryOptions } from '@terres/api-client';

export function currentUserQueryOptions() {
  return getGetCurrentUserSuspenseQueryOptions();
}

/** The organisation's invoices, newest first: a page, then 'Voir plus' (one per purchase: they add up). */
export function invoicesQueryOptions() {
  return getInvoicesPagesQueryOptions();
}
