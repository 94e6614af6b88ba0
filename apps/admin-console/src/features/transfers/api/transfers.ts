// The transfers table and one transfer with its loads. The table keeps its rows while the next
// page loads; the detail's loader and page share the same options.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  closeTransfer,
  getGetInquiryQueryKey,
  getGetTransferQueryKey,
  getGetTransferSuspenseQueryOptions,
  getGetMatchSavingsQueryKey,
  getListMatchesQueryKey,
  getListTransfersQueryKey,
  getTransferLoadsPageQueryOptions,
  getTransfersPageQueryOptions,
  updateContractFacts,
  type ContractFactsRequest,
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
 * read again, and the transfers done's savings.
 */
export function useCloseTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => closeTransfer(id),
    onSuccess: (closed) => {
      queryClient.setQueryData(getGetTransferQueryKey(closed.id), closed);
      void queryClient.invalidateQueries({ queryKey: [getListTransfersQueryKey()[0]] });
      void queryClient.invalidateQueries({ queryKey: [getListMatchesQueryKey()[0]] });
      void queryClient.invalidateQueries({ queryKey: getGetMatchSavingsQueryKey() });
    },
  });
}

/**
 * A listing's contract facts, entered or corrected by the admin on the transfer page (issue 19):
 * the listing's cache takes the answer, the transfer (its missing facts) is read again.
 */
export function useSaveContractFacts(transferId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inquiryId, body }: { inquiryId: string; body: ContractFactsRequest }) => updateContractFacts(inquiryId, body),
    onSuccess: (inquiry) => {
      queryClient.setQueryData(getGetInquiryQueryKey(inquiry.id), inquiry);
      void queryClient.invalidateQueries({ queryKey: getGetTransferQueryKey(transferId) });
    },
  });
}
