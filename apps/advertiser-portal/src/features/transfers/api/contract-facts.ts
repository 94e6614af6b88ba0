// The contract facts of the viewer's own listing (issue 19): saved on the listing, then the
// listing's cache takes the answer and the transfer (its list of missing facts) is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetInquiryQueryKey, getGetTransferQueryKey, updateContractFacts, type ContractFactsRequest } from '@terres/api-client';

export function useSaveContractFacts(transferId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inquiryId, body }: { inquiryId: string; body: ContractFactsRequest }) => updateContractFacts(inquiryId, body),
    onSuccess: (inquiry) => {
      queryClient.setQueryData(getGetInquiryQueryKey(inquiry.id), inquiry);
      void queryClient.invalidateQueries({ queryKey: getGetTransferQueryKey(transferId) });
    },
  });
}
