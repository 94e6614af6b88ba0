// The listings table's state in the URL (`/admin/inquiries?q=lyon&status=PENDING_VALIDATION&page=2`),
// so that a reload, the browser's back and forward buttons and a shared link keep the search,
// the filters, the sort and the page. Defaults are left out of the URL; anything unreadable
// counts as absent (a hand-edited link never breaks the page).
import type { InquiryStatus, ListInquiriesParams, ListInquiriesSort } from '@terres/api-client';
import { DEFAULT_PAGE_SIZE, INQUIRY_STATUSES } from '@terres/domain';
import * as v from 'valibot';
import { lenient, readOneOf, readPage, readPageSize, readQuery } from '../../../lib/table-search';

/** The sorts the table offers: creation date (default, newest first) and start of availability. */
export const INQUIRY_TABLE_SORTS = ['-created_at', 'created_at', '-start_date', 'start_date'] as const satisfies readonly ListInquiriesSort[];
export type InquiryTableSort = (typeof INQUIRY_TABLE_SORTS)[number];
export const DEFAULT_INQUIRY_SORT: InquiryTableSort = '-created_at';

export const inquiriesSearchSchema = v.object({
  q: lenient(readQuery),
  status: lenient(readOneOf<InquiryStatus>(INQUIRY_STATUSES)),
  type: lenient(readOneOf(['CUT', 'FILL'] as const)),
  sort: lenient(readOneOf(INQUIRY_TABLE_SORTS, DEFAULT_INQUIRY_SORT)),
  page: lenient(readPage),
  size: lenient(readPageSize),
});

export type InquiriesSearch = v.InferOutput<typeof inquiriesSearchSchema>;

/** The search without its defaults and empty values: what the URL shows. */
export function cleanSearch(search: InquiriesSearch): InquiriesSearch {
  return v.parse(inquiriesSearchSchema, search);
}

/** The API's parameters for the page the URL describes (`GET /inquiries?q&status&type&sort&page&page_size`). */
export function toListParams(search: InquiriesSearch): ListInquiriesParams {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.status ? { status: [search.status] } : {}),
    ...(search.type ? { type: search.type } : {}),
    sort: search.sort ?? DEFAULT_INQUIRY_SORT,
    page: search.page ?? 1,
    page_size: search.size ?? DEFAULT_PAGE_SIZE,
  };
}
