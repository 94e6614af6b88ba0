// The members list (GET /users/organization/members): the route's loader (`ensureQueryData`)
// and the page (`useSuspenseQuery`) use these options; they share the generated key, so
// `getListOrganizationMembersQueryKey()` refreshes them.
import { getListOrganizationMembersSuspenseQueryOptions } from '@terres/api-client';

export function membersQueryOptions() {
  return getListOrganizationMembersSuspenseQueryOptions();
}
