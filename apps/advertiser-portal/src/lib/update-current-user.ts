// The signed-in user's profile (PUT /users/me), saved from the onboarding's profile step and
// from 'Mes informations': both features use this one hook, as they both read the user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetCurrentUserQueryKey, updateCurrentUser, type UpdateProfileRequest } from '@terres/api-client';
import { useAuthController } from '@terres/app-kit';

/** Saves the profile: the cached user takes the answer and the stored user follows (header, guards). */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  const auth = useAuthController();
  return useMutation({
    mutationFn: (profile: UpdateProfileRequest) => updateCurrentUser(profile),
    onSuccess: (updated) => {
      queryClient.setQueryData(getGetCurrentUserQueryKey(), updated);
      auth.updateUser(updated);
    },
  });
}
