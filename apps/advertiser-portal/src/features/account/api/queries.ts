// The account pages' data. Each route's loader (`ensureQueryData`) and its page
// (`useSuspenseQuery`) use the same options, so the page renders with the data; orval's
// suspense variants share the keys of `getXQueryOptions`. The organisation is the portal's
// shared `myOrganizationQueryOptions()`.
import { getGetCurrentUserSuspenseQueryOptions, getListInvoicesSuspenseQueryOptions } from '@terres/api-client';

export function currentUserQueryOptions() {
  return getGetCurrentUserSuspenseQueryOptions();
}

export function invoicesQueryOptions() {
  return getListInvoicesSuspenseQueryOptions();
}
