// One listing and its documents. Route loaders (`ensureQueryData`) and pages
// (`useSuspenseQuery`) use these same options; orval's suspense variants have the same keys
// and query functions as `getGetInquiryQueryOptions` and `getListInquiryDocumentsQueryOptions`.
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetInquirySuspenseQueryOptions,
  getListInquiriesQueryKey,
  getListInquiryDocumentsSuspenseQueryOptions,
  type Inquiry,
} from '@terres/api-client';

export function inquiryQueryOptions(id: string) {
  return getGetInquirySuspenseQueryOptions(id);
}

export function inquiryDocumentsQueryOptions(id: string) {
  return getListInquiryDocumentsSuspenseQueryOptions(id);
}

/** Keeps the cached listing and the dashboard's list in step with a change the API answered. */
export function useInquiryCache() {
  const queryClient = useQueryClient();
  const listKey = getListInquiriesQueryKey();
  return {
    /** The API's answer after a change (e.g. a resubmission). */
    updated(inquiry: Inquiry) {
      queryClient.setQueryData(inquiryQueryOptions(inquiry.id).queryKey, inquiry);
      queryClient.setQueryData<Inquiry[]>(listKey, (list) => list?.map((item) => (item.id === inquiry.id ? inquiry : item)));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    /** A deleted listing leaves the list at once (the dashboard must not show it, even stale). */
    removedFromList(id: string) {
      queryClient.setQueryData<Inquiry[]>(listKey, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    /** Forget the listing and its documents (after leaving its pages). */
    forget(id: string) {
      queryClient.removeQueries({ queryKey: inquiryQueryOptions(id).queryKey });
      queryClient.removeQueries({ queryKey: inquiryDocumentsQueryOptions(id).queryKey });
    },
  };
}
