// The organisation's listings (GET /inquiries: members see their organisation's only). The
// route's loader (`ensureQueryData`) and the page (`useSuspenseQuery`) use these same options,
// so the page renders with the data. orval's suspense variant has the same key and query
// function as `getListInquiriesQueryOptions`, with the type `useSuspenseQuery` accepts.
import { getListInquiriesSuspenseQueryOptions } from '@terres/api-client';

export function organisationInquiriesQueryOptions() {
  return getListInquiriesSuspenseQueryOptions();
}
