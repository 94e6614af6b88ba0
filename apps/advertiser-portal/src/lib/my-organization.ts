// The signed-in user's organisation (GET /organizations/me), which the completeness guard, the
// header's balance and several pages read. A 404 means "none yet" (spec §4): it answers null,
// under the generated query key so invalidating `getGetMyOrganizationQueryKey()` refreshes it.
// Use these options, not the generated ones, for /organizations/me.
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  getGetMyOrganizationQueryKey,
  getMyOrganization,
  parseProblem,
  type Organization,
} from '@terres/api-client';
import { ORGANIZATION_CREDITS_UPDATED_EVENT, readCreditsUpdatedDetail } from '@terres/domain';
import { useEffect } from 'react';

export function myOrganizationQueryOptions() {
  return queryOptions({
    queryKey: getGetMyOrganizationQueryKey(),
    queryFn: async ({ signal }): Promise<Organization | null> => {
      try {
        return await getMyOrganization({ signal });
      } catch (error) {
        if (parseProblem(error)?.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * Follows the `organizationCreditsUpdated` browser event (spec §4): when it names the user's
 * organisation, the cached balance takes its value (a non-number counts as 0).
 */
export function useCreditsUpdatedEvent(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const detail = readCreditsUpdatedDetail((event as CustomEvent<unknown>).detail);
      if (!detail) return;
      queryClient.setQueryData(myOrganizationQueryOptions().queryKey, (current) =>
        current && current.id === detail.organisationId ? { ...current, creditBalance: detail.creditBalance } : current,
      );
    };
    window.addEventListener(ORGANIZATION_CREDITS_UPDATED_EVENT, onUpdate);
    return () => window.removeEventListener(ORGANIZATION_CREDITS_UPDATED_EVENT, onUpdate);
  }, [queryClient]);
}
