// The transfers table's state in the URL (`/admin/transfers?q=rhin&status=OPEN&discrepancy=true&page=2`):
// a reload, back and forward keep it. Defaults are left out; anything unreadable counts as absent.
// With no status in the URL the table shows the open transfers (issue 18: "every open transfer").
import type { ListTransfersParams, TransferStatus } from '@terres/api-client';
import { DEFAULT_PAGE_SIZE, TRANSFER_STATUSES } from '@terres/domain';
import * as v from 'valibot';
import { lenient, readOneOf, readPage, readPageSize, readQuery } from '../../../lib/table-search';

/** 'ALL' lists every status; the default (absent) is the open ones. */
export const TRANSFER_STATUS_FILTERS = [...TRANSFER_STATUSES, 'ALL'] as const;
export type TransferStatusFilter = (typeof TRANSFER_STATUS_FILTERS)[number];
export const DEFAULT_TRANSFER_STATUS: TransferStatusFilter = 'OPEN';

const readDiscrepancy = (value: unknown): true | undefined => (value === true || value === 'true' ? true : undefined);

export const transfersSearchSchema = v.object({
  q: lenient(readQuery),
  status: lenient(readOneOf(TRANSFER_STATUS_FILTERS, DEFAULT_TRANSFER_STATUS)),
  discrepancy: lenient(readDiscrepancy),
  page: lenient(readPage),
  size: lenient(readPageSize),
});

export type TransfersSearch = v.InferOutput<typeof transfersSearchSchema>;

export function cleanSearch(search: TransfersSearch): TransfersSearch {
  return v.parse(transfersSearchSchema, search);
}

/** `GET /transfers?q&status&discrepancy&page&page_size` for the page the URL describes. */
export function toListParams(search: TransfersSearch): ListTransfersParams {
  const status = search.status ?? DEFAULT_TRANSFER_STATUS;
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(status === 'ALL' ? {} : { status: [status as TransferStatus] }),
    ...(search.discrepancy ? { discrepancy: true } : {}),
    page: search.page ?? 1,
    page_size: search.size ?? DEFAULT_PAGE_SIZE,
  };
}
