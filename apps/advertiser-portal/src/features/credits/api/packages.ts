// The packs on sale (GET /credits/packages, each with a payment link personal to the
// organisation): the route's loader (`ensureQueryData`) and the page (`useSuspenseQuery`).
import { getListCreditPackagesSuspenseQueryOptions } from '@terres/api-client';

export function creditPackagesQueryOptions() {
  // The links are signed and expire: read them fresh each time the page opens.
  return { ...getListCreditPackagesSuspenseQueryOptions(), staleTime: 0 };
}
