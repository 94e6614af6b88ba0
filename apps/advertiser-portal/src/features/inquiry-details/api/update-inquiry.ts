import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getListInquiriesQueryKey, updateInquiry, type Inquiry, type UpdateInquiryRequest } from '@terres/api-client';
import { inquiryQueryOptions } from './inquiry';

/** A change of the listing (e.g. a resubmission): the listing and the dashboard's list take the API's answer. */
export function useUpdateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateInquiryRequest }) => updateInquiry(id, change),
    onSuccess: (inquiry) => {
      const listKey = getListInquiriesQueryKey();
      queryClient.setQueryData(inquiryQueryOptions(inquiry.id).queryKey, inquiry);
      queryClient.setQueryData<Inquiry[]>(listKey, (list) => list?.map((item) => (item.id === inquiry.id ? inquiry : item)));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
