// The transfers table and one transfer with its loads. The table keeps its rows while the next
// page loads; the detail's loader and page share the same options.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  closeTransfer,
  getGetTransferQueryKey,
  getGetTransferSuspenseQueryOptions,
  getListMatchesQueryKey,
  getListTransfersQueryKey,
  getTransferLoadsPageQueryOptions,
  getTransfersPageQueryOptions,
} from '@terres/api-client';
import { toListParams, type TransfersSearch } from '../model/search';

export function transfersPageQueryOptions(search: TransfersSearch) {
  return getTransfersPageQueryOptions(toListParams(search));
}

export function useTransfersPage(search: TransfersSearch) {
  return useQuery({ ...transfersPageQueryOptions(search), placeholderData: keepPreviousData });
}

export function transferQueryOptions(id: string) {
  return getGetTransferSuspenseQueryOptions(id);
}

/** Both sides' loads, newest first, 100 a page (the API's largest page). */
export const LOADS_PAGE_SIZE = 100;
export function transferLoadsQueryOptions(id: string, page = 1) {
  return getTransferLoadsPageQueryOptions(id, { page, page_size: LOADS_PAGE_SIZE });
}

/** A page of loads after the first (the loader reads the first): the rows stay while the next loads. */
export function useTransferLoadsPage(id: string, page: number) {
  return useQuery({ ...transferLoadsQueryOptions(id, page), placeholderData: keepPreviousData });
}

export async function ensureTransfer(queryClient: QueryClient, id: string) {
  const [transfer] = await Promise.all([queryClient.ensureQueryData(transferQueryOptions(id)), queryClient.ensureQueryData(transferLoadsQueryOptions(id))]);
  return transfer;
}

/**
 * Closes the transfer (admin): the match becomes DONE with the accepted loads' volume. The
 * answer replaces the transfer; the transfers table and the matches (the map's savings) are
 * read again.
 */
export function useCloseTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => closeTransfer(id),
    onSuccess: (closed) => {
      queryClient.setQueryData(getGetTransferQueryKey(closed.id), closed);
      void queryClient.invalidateQueries({ queryKey: [getListTransfersQueryKey()[0]] });
      void queryClient.invalidateQueries({ queryKey: [getListMatchesQueryKey()[0]] });
    },
  });
}
