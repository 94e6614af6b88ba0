import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateOrganization, type UpdateOrganizationRequest } from '@terres/api-client';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';

/** The owner's organisation saved: every screen reading it (header, pages) takes the answer. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateOrganizationRequest }) => updateOrganization(id, changes),
    onSuccess: (updated) => queryClient.setQueryData(myOrganizationQueryOptions().queryKey, updated),
  });
}
