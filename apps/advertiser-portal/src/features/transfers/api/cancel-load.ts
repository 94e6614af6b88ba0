import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelLoad } from '@terres/api-client';
import { invalidateTransfer } from './invalidate';

interface Cancellation {
  transferId: string;
  loadId: string;
  reason: string;
}

/** Cancels a load with its reason (CUT side, admins): it stays listed, out of every total. */
export function useCancelLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ loadId, reason }: Cancellation) => cancelLoad(loadId, { reason }),
    onSuccess: (_load, { transferId, loadId }) => invalidateTransfer(queryClient, transferId, loadId),
  });
}
