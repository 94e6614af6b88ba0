import { useMutation } from '@tanstack/react-query';
import { resendInvitation } from '@terres/api-client';

/** The invitation e-mailed again to a pending collaborator (the list does not change). */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (email: string) => resendInvitation({ email }),
  });
}
