import type { QueryClient } from '@tanstack/react-query';
import { getGetLoadQueryKey, getGetTransferQueryKey, getListTransferLoadsQueryKey, getListTransfersQueryKey } from '@terres/api-client';

/** After a load moved: its transfer (balance), its loads, the transfers list and the load itself. */
export function invalidateTransfer(queryClient: QueryClient, transferId: string, loadId?: string) {
  void queryClient.invalidateQueries({ queryKey: getGetTransferQueryKey(transferId) });
  void queryClient.invalidateQueries({ queryKey: [getListTransferLoadsQueryKey(transferId)[0]] });
  void queryClient.invalidateQueries({ queryKey: [getListTransfersQueryKey()[0]] });
  if (loadId) void queryClient.invalidateQueries({ queryKey: getGetLoadQueryKey(loadId) });
}
