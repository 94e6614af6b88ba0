import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getListInquiryMatchesQueryKey, setMatchStatus, type SetMatchStatusRequest } from '@terres/api-client';

/** A proposal moved on (accepted, done…); the listing's suggestions are read again (awaited). */
export function useSetMatchStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, change }: { inquiryId: string; matchId: string; change: SetMatchStatusRequest }) => setMatchStatus(matchId, change),
    onSuccess: (_, { inquiryId }) => queryClient.invalidateQueries({ queryKey: getListInquiryMatchesQueryKey(inquiryId) }),
  });
}
