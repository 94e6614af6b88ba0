// The listing's dated history (GET /inquiries/{id}/history, admins only, issue 21). Its key
// starts with the listing's path, so `listingChanged` (a status, a match) refreshes it; a document
// sent or removed refreshes it through `documentsChanged`.
import { getGetInquiryHistoryQueryOptions } from '@terres/api-client';

export function inquiryHistoryQueryOptions(id: string) {
  return getGetInquiryHistoryQueryOptions(id);
}
