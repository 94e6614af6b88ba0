import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getListOrganizationsQueryKey, updateOrganization, type UpdateOrganizationRequest } from '@terres/api-client';
import { organizationQueryOptions } from './queries';

/** The organisation's details changed by an admin: its page now, the list next. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateOrganizationRequest }) => updateOrganization(id, changes),
    onSuccess: (updated, { id }) => {
      queryClient.setQueryData(organizationQueryOptions(id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: getListOrganizationsQueryKey() });
    },
  });
}
