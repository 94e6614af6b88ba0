import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetInquiryHistoryQueryKey, getListInquiryMatchesQueryKey, proposeMatch, type ProposeMatchRequest } from '@terres/api-client';

/** A proposal between two compatible listings; the listing's suggestions are read again (awaited). */
export function useProposeMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request }: { inquiryId: string; request: ProposeMatchRequest }) => proposeMatch(request),
    onSuccess: (_, { inquiryId }) => {
      // The history under the suggestions tells of it too (issue 21).
      void queryClient.invalidateQueries({ queryKey: getGetInquiryHistoryQueryKey(inquiryId) });
      return queryClient.invalidateQueries({ queryKey: getListInquiryMatchesQueryKey(inquiryId) });
    },
  });
}
