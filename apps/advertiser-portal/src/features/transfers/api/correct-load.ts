import { useMutation, useQueryClient } from '@tanstack/react-query';
import { correctLoad, getGetLoadHistoryQueryKey, type LoadCorrectionRequest } from '@terres/api-client';
import { invalidateTransfer } from './invalidate';

interface Correction {
  transferId: string;
  loadId: string;
  body: LoadCorrectionRequest;
}

/** Corrects a load in transit (CUT side): the former departure becomes a version of its history. */
export function useCorrectLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ loadId, body }: Correction) => correctLoad(loadId, body),
    onSuccess: (_load, { transferId, loadId }) => {
      invalidateTransfer(queryClient, transferId, loadId);
      void queryClient.invalidateQueries({ queryKey: getGetLoadHistoryQueryKey(loadId) });
    },
  });
}
