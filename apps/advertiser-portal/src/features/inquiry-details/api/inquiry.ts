// One listing and its documents. Route loaders (`ensureQueryData`) and pages
// (`useSuspenseQuery`) use these same options; orval's suspense variants have the same keys
// and query functions as `getGetInquiryQueryOptions` and `getListInquiryDocumentsQueryOptions`.
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetInquirySuspenseQueryOptions,
  getListInquiryDocumentsSuspenseQueryOptions,
} from '@terres/api-client';

export function inquiryQueryOptions(id: string) {
  return getGetInquirySuspenseQueryOptions(id);
}

export function inquiryDocumentsQueryOptions(id: string) {
  return getListInquiryDocumentsSuspenseQueryOptions(id);
}

/** Forgets the listing and its documents (after leaving its pages, e.g. once it is deleted). */
export function useForgetInquiry() {
  const queryClient = useQueryClient();
  return (id: string) => {
    queryClient.removeQueries({ queryKey: inquiryQueryOptions(id).queryKey });
    queryClient.removeQueries({ queryKey: inquiryDocumentsQueryOptions(id).queryKey });
  };
}
