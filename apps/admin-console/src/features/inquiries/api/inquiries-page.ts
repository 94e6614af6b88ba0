// The page of listings the table shows: the api-client's `{ items, total, totalCapped }` for the
// URL's parameters. The route's loader starts it (so hovering the sidebar link preloads page 1)
// and the table reads it with the previous rows kept while the next ones load.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getInquiriesPageQueryOptions } from '@terres/api-client';
import { toListParams, type InquiriesSearch } from '../model/search';

export function inquiriesPageQueryOptions(search: InquiriesSearch) {
  return getInquiriesPageQueryOptions(toListParams(search));
}

export function useInquiriesPage(search: InquiriesSearch) {
  return useQuery({ ...inquiriesPageQueryOptions(search), placeholderData: keepPreviousData });
}
