// The soil studies table's state in the URL (`/admin/soil-studies?q=lyon&state=delegated&page=2`): a
// reload, back and forward keep it. Defaults are left out; anything unreadable counts as absent.
import type { ListSoilStudiesParams, ListSoilStudiesState } from '@terres/api-client';
import { DEFAULT_PAGE_SIZE } from '@terres/domain';
import * as v from 'valibot';
import { lenient, readOneOf, readPage, readPageSize, readQuery } from '../../../lib/table-search';

export const SOIL_STUDY_SORTS = ['-created_at', 'created_at'] as const;
export type SoilStudySort = (typeof SOIL_STUDY_SORTS)[number];

/** `delegated`: confided to the platform, no file yet (the sidebar's queue, issue 21); `provided`: with a file. */
export const SOIL_STUDY_STATES = ['delegated', 'provided'] as const satisfies readonly ListSoilStudiesState[];
export type SoilStudyState = (typeof SOIL_STUDY_STATES)[number];

export const soilStudiesSearchSchema = v.object({
  q: lenient(readQuery),
  state: lenient(readOneOf(SOIL_STUDY_STATES)),
  sort: lenient(readOneOf(SOIL_STUDY_SORTS, '-created_at')),
  page: lenient(readPage),
  size: lenient(readPageSize),
});

export type SoilStudiesSearch = v.InferOutput<typeof soilStudiesSearchSchema>;

export function cleanSearch(search: SoilStudiesSearch): SoilStudiesSearch {
  return v.parse(soilStudiesSearchSchema, search);
}

/** `GET /soil-studies?q&state&sort&page&page_size` for the page the URL describes. */
export function toListParams(search: SoilStudiesSearch): ListSoilStudiesParams {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.state ? { state: search.state } : {}),
    sort: search.sort ?? '-created_at',
    page: search.page ?? 1,
    page_size: search.size ?? DEFAULT_PAGE_SIZE,
  };
}
