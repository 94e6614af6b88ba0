import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getListOrganizationMembersQueryKey, inviteCollaborator } from '@terres/api-client';

/** An invitation sent: the members list (pending invitations included) is read again, awaited. */
export function useInviteCollaborator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => inviteCollaborator({ email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getListOrganizationMembersQueryKey() }),
  });
}
