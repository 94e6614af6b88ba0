// One listing, its documents and its organisation. Route loaders (`ensureQueryData`) and pages
// (`useSuspenseQuery`) use these same options; orval's suspense variants have the keys and
// query functions of `getGetInquiryQueryOptions` and the others.
import type { QueryClient } from '@tanstack/react-query';
import {
  downloadFile,
  getDownloadInquiryPdfUrl,
  getGetInquiryHistoryQueryKey,
  getGetInquirySuspenseQueryOptions,
  getGetOrganizationQueryKey,
  getGetOrganizationSuspenseQueryOptions,
  getListCreditTransactionsQueryKey,
  getListInquiryDocumentsSuspenseQueryOptions,
  saveFile,
  type Document,
  type Inquiry,
} from '@terres/api-client';

export function inquiryQueryOptions(id: string) {
  return getGetInquirySuspenseQueryOptions(id);
}

export function inquiryDocumentsQueryOptions(id: string) {
  return getListInquiryDocumentsSuspenseQueryOptions(id);
}

export function organizationQueryOptions(id: string) {
  return getGetOrganizationSuspenseQueryOptions(id);
}

/** The listing, then its organisation (the informations and management tabs need both). */
export async function ensureInquiryWithOrganization(queryClient: QueryClient, id: string) {
  const inquiry = await queryClient.ensureQueryData(inquiryQueryOptions(id));
  await queryClient.ensureQueryData(organizationQueryOptions(inquiry.organizationId));
  return inquiry;
}

const startsWith = (key: readonly unknown[], path: string) => typeof key[0] === 'string' && key[0].startsWith(path);

/**
 * Keeps every screen in step with a change the API answered: a new status (or any change) of
 * `inquiry`, its detail now, every list, pin and its organisation's balance next. The mutation
 * hooks beside this file call it from their `onSuccess`.
 */
export function listingChanged(queryClient: QueryClient, inquiry: Inquiry) {
  queryClient.setQueryData(inquiryQueryOptions(inquiry.id).queryKey, inquiry);
  void queryClient.invalidateQueries({
    // Every cached answer about listings (tables, pages, pins, documents) but the one just set.
    predicate: (query) =>
      startsWith(query.queryKey, '/api/v1/inquiries') && query.queryKey[0] !== inquiryQueryOptions(inquiry.id).queryKey[0],
  });
  void queryClient.invalidateQueries({ queryKey: getGetOrganizationQueryKey(inquiry.organizationId) });
  void queryClient.invalidateQueries({ queryKey: getListCreditTransactionsQueryKey(inquiry.organizationId) });
}

/** The documents list changed (a platform upload or removal); soil studies may list the listing now. */
export function documentsChanged(queryClient: QueryClient, inquiryId: string, update: (documents: Document[]) => Document[]) {
  const key = inquiryDocumentsQueryOptions(inquiryId).queryKey;
  queryClient.setQueryData<Document[]>(key, (documents) => (documents ? update(documents) : documents));
  void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: getGetInquiryHistoryQueryKey(inquiryId) });
  void queryClient.invalidateQueries({ predicate: (query) => startsWith(query.queryKey, '/api/v1/soil-studies') });
}

/** The listing's PDF summary, saved under the project's name. */
export async function saveInquiryPdf(id: string): Promise<void> {
  const { blob, fileName } = await downloadFile(getDownloadInquiryPdfUrl(id), { fallbackFileName: 'annonce.pdf' });
  saveFile(blob, fileName);
}
