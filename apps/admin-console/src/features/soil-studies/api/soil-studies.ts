// The soil studies page and one study with its listing. The table keeps its rows while the next
// page loads; the detail's loader and page share the same options.
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { getGetInquirySuspenseQueryOptions, getGetSoilStudySuspenseQueryOptions, getSoilStudiesPageQueryOptions } from '@terres/api-client';
import { toListParams, type SoilStudiesSearch } from '../model/search';

export function soilStudiesPageQueryOptions(search: SoilStudiesSearch) {
  return getSoilStudiesPageQueryOptions(toListParams(search));
}

export function useSoilStudiesPage(search: SoilStudiesSearch) {
  return useQuery({ ...soilStudiesPageQueryOptions(search), placeholderData: keepPreviousData });
}

export function soilStudyQueryOptions(id: string) {
  return getGetSoilStudySuspenseQueryOptions(id);
}

export function listingQueryOptions(id: string) {
  return getGetInquirySuspenseQueryOptions(id);
}

/** The study, then its listing (its organisation, type and status). */
export async function ensureSoilStudy(queryClient: QueryClient, id: string) {
  const study = await queryClient.ensureQueryData(soilStudyQueryOptions(id));
  await queryClient.ensureQueryData(listingQueryOptions(study.inquiryId));
  return study;
}
