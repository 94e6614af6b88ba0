import { useMutation } from '@tanstack/react-query';
import { requestInvitationCode } from '@terres/api-client';

/** Sends the invited collaborator a sign-in code for the invitation's token (nothing cached changes). */
export function useRequestInvitationCode() {
  return useMutation({
    mutationFn: (token: string) => requestInvitationCode({ token }),
  });
}
