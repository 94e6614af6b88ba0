import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getListOrganizationsQueryKey, setOrganizationVerified, type Organization } from '@terres/api-client';
import { adminQueuesChanged } from '../../../components/admin-queues';
import { organizationQueryOptions } from './queries';

/**
 * The verified flag, optimistic: the organisation shows the new value at once and goes back to
 * what it was when the API refuses; the list follows a success.
 */
export function useSetOrganizationVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisation, verified }: { organisation: Organization; verified: boolean }) =>
      setOrganizationVerified(organisation.id, { verified }),
    onMutate: ({ organisation, verified }) => {
      const { queryKey } = organizationQueryOptions(organisation.id);
      const before = queryClient.getQueryData<Organization>(queryKey);
      queryClient.setQueryData<Organization>(queryKey, (current) => (current ? { ...current, verified } : current));
      return { before };
    },
    onSuccess: (updated, { organisation }) => {
      queryClient.setQueryData(organizationQueryOptions(organisation.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: getListOrganizationsQueryKey() });
      adminQueuesChanged(queryClient);
    },
    onError: (_error, { organisation, verified }, context) => {
      // Rolled back: the box shows what the server still holds.
      queryClient.setQueryData(organizationQueryOptions(organisation.id).queryKey, context?.before ?? { ...organisation, verified: !verified });
    },
  });
}
