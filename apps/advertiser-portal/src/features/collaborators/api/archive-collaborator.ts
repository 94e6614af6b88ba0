import { useMutation, useQueryClient } from '@tanstack/react-query';
import { archiveCollaborator, getListOrganizationMembersQueryKey, type Member } from '@terres/api-client';

/** A collaborator removed (or an invitation withdrawn): gone from the list at once, then the list is read again. */
export function useArchiveCollaborator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => archiveCollaborator(id),
    onSuccess: (_, id) => {
      const queryKey = getListOrganizationMembersQueryKey();
      queryClient.setQueryData<Member[]>(queryKey, (current) => current?.filter((other) => other.id !== id));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
