import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetInquiryHistoryQueryKey, getListInquiryMatchesQueryKey, setMatchStatus, type SetMatchStatusRequest } from '@terres/api-client';

/** A proposal moved on (accepted, done…); the listing's suggestions are read again (awaited). */
export function useSetMatchStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, change }: { inquiryId: string; matchId: string; change: SetMatchStatusRequest }) => setMatchStatus(matchId, change),
    onSuccess: (_, { inquiryId }) => {
      // The history under the suggestions tells of it too (issue 21).
      void queryClient.invalidateQueries({ queryKey: getGetInquiryHistoryQueryKey(inquiryId) });
      return queryClient.invalidateQueries({ queryKey: getListInquiryMatchesQueryKey(inquiryId) });
    },
  });
}
