// The organisations feature's data. Routes' loaders and the pages use the same options, so a
// page renders with what its loader fetched.
import {
  getCreditTransactionsPageQueryOptions,
  getGetOrganizationSuspenseQueryOptions,
  getInquiriesPageQueryOptions,
  getListCreditTransactionsQueryKey,
  getListOrganizationMembersByIdQueryOptions,
  getGetOrganizationStorageQueryOptions,
  getOrganizationsPageQueryOptions,
  type ListOrganizationsParams,
} from '@terres/api-client';
import { DEFAULT_PAGE_SIZE } from '@terres/domain';
import * as v from 'valibot';
import { lenient, readOneOf, readPage, readPageSize, readQuery } from '../../../lib/table-search';

export const ORGANIZATION_SORTS = ['name', '-name'] as const;

/**
 * What the table keeps in the URL (`?q=&page=&size=&archived=true&verified=false&sort=-name`), read like the
 * other admin tables (src/lib/table-search.ts): defaults left out, anything unreadable absent.
 */
export const organizationsSearchSchema = v.object({
  q: lenient(readQuery),
  archived: lenient((value) => (value === true || value === 'true' ? true : undefined)),
  // The 'Organisations à vérifier' queue opens `?verified=false` (issue 21); both when absent.
  verified: lenient(readVerified),
  sort: lenient(readOneOf(ORGANIZATION_SORTS, 'name')),
  page: lenient(readPage),
  size: lenient(readPageSize),
});

/** `?verified=false` / `?verified=true` (the router reads them as booleans; a hand-typed string too). */
export function readVerified(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

export type OrganizationsSearch = v.InferOutput<typeof organizationsSearchSchema>;

export function cleanSearch(search: OrganizationsSearch): OrganizationsSearch {
  return v.parse(organizationsSearchSchema, search);
}

/** The API's query for the table's URL state (page 1 of 5 by name, archived ones hidden, by default). */
export function organizationsListParams(search: OrganizationsSearch): ListOrganizationsParams {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.archived ? { with_archived: true } : {}),
    ...(search.verified !== undefined ? { verified: search.verified } : {}),
    ...(search.sort ? { sort: search.sort } : {}),
    page: search.page ?? 1,
    page_size: search.size ?? DEFAULT_PAGE_SIZE,
  };
}

export function organizationsPageQueryOptions(search: OrganizationsSearch) {
  return getOrganizationsPageQueryOptions(organizationsListParams(search));
}

export function organizationQueryOptions(id: string) {
  return getGetOrganizationSuspenseQueryOptions(id);
}

/** The ledger's key (invalidating it invalidates every page of it); the ledger is only read by pages. */
export function creditTransactionsQueryKey(id: string) {
  return getListCreditTransactionsQueryKey(id);
}

/** One page of the ledger, newest first (the API answers a page at a time, issue 20). */
export function creditLedgerPageQueryOptions(id: string, page: number, pageSize: number) {
  return getCreditTransactionsPageQueryOptions(id, { page, page_size: pageSize });
}

/** What the organisation's own uploads take against its storage quota (issue 20). */
export function storageQueryOptions(id: string) {
  return getGetOrganizationStorageQueryOptions(id);
}

export function membersQueryOptions(id: string) {
  return getListOrganizationMembersByIdQueryOptions(id);
}

/** The organisation's published listings, newest first (drafts stay the organisation's own). */
export function organizationListingsQueryOptions(id: string, page: number, pageSize: number) {
  return getInquiriesPageQueryOptions({ organization_id: id, page, page_size: pageSize });
}
