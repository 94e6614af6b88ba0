import { useMutation, useQueryClient } from '@tanstack/react-query';
import { archiveOrganization, getListOrganizationsQueryKey, type Organization } from '@terres/api-client';
import { organizationQueryOptions } from './queries';

/** Archives an organisation (one way); its page shows it archived and the list is read again (awaited). */
export function useArchiveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => archiveOrganization(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<Organization>(organizationQueryOptions(id).queryKey, (current) =>
        current ? { ...current, archived: true } : current,
      );
      return queryClient.invalidateQueries({ queryKey: getListOrganizationsQueryKey() });
    },
  });
}
