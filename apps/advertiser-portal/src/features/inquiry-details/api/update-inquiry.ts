import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getListInquiriesQueryKey, updateInquiry, type Inquiry, type Page, type UpdateInquiryRequest } from '@terres/api-client';
import { inquiryQueryOptions } from './inquiry';

/** A change of the listing (e.g. a resubmission): the listing and the dashboard's list take the API's answer. */
export function useUpdateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateInquiryRequest }) => updateInquiry(id, change),
    onSuccess: (inquiry) => {
      const listKey = getListInquiriesQueryKey();
      queryClient.setQueryData(inquiryQueryOptions(inquiry.id).queryKey, inquiry);
      // The dashboard's pages live under the list's key (`getInquiriesPageQueryKey`).
      queryClient.setQueriesData<Page<Inquiry>>({ queryKey: [...listKey, 'page'] }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === inquiry.id ? inquiry : item)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
