// The map's data: how many listings the filters match (one row of the listings table, for its
// X-Total-Count) decides whether the pins come all at once or by area (model/viewport.ts).
import { getInquiriesPageQueryOptions, getListInquiryPinsQueryOptions, type ListInquiryPinsParams } from '@terres/api-client';
import { isInquiryStatus, type InquiryStatus } from '@terres/domain';
import * as v from 'valibot';
import { bboxParam, type Bbox } from '../model/viewport';

/** The map's filters in the URL (`/admin/map?type=CUT&status=APPROVED`); anything unreadable is no filter. */
export const mapSearchSchema = v.object({
  type: v.optional(v.pipe(v.unknown(), v.transform((value): 'CUT' | 'FILL' | undefined => (value === 'CUT' || value === 'FILL' ? value : undefined)))),
  status: v.optional(v.pipe(v.unknown(), v.transform((value): InquiryStatus | undefined => (isInquiryStatus(value) && value !== 'DRAFT' ? value : undefined)))),
});

export type MapSearch = v.InferOutput<typeof mapSearchSchema>;

function filterParams(search: MapSearch) {
  return {
    ...(search.status ? { status: [search.status] } : {}),
    ...(search.type ? { type: search.type } : {}),
  };
}

/** The number of listings the filters match (published ones, as on the map). */
export function mapTotalQueryOptions(search: MapSearch) {
  return { ...getInquiriesPageQueryOptions({ ...filterParams(search), page: 1, page_size: 1 }), staleTime: 60_000 };
}

/** The pins of the filters, inside `bbox` when given. */
export function pinsQueryOptions(search: MapSearch, bbox: Bbox | null) {
  const params: ListInquiryPinsParams = { ...filterParams(search), ...(bbox ? { bbox: bboxParam(bbox) } : {}) };
  return { ...getListInquiryPinsQueryOptions(params), staleTime: 30_000 };
}
