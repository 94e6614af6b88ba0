import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyCode } from '@terres/api-client';
import { useAuthController } from '@terres/app-kit';

/**
 * The invitation's code checked: the collaborator is signed in, and nothing of a previous
 * session on this browser may show for them, so every cached answer goes.
 */
export function useVerifyInvitationCode() {
  const queryClient = useQueryClient();
  const auth = useAuthController();
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) => verifyCode({ email, otp: code }),
    onSuccess: (response) => {
      queryClient.clear();
      auth.signIn(response);
    },
  });
}
