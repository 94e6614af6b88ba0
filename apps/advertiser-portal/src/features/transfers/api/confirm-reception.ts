import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@terres/app-kit';
import type { LoadReceptionRequest } from '@terres/api-client';
import { submitEntry } from '../model/outbox';
import { invalidateTransfer } from './invalidate';

interface Reception {
  transferId: string;
  loadId: string;
  loadNumber: string;
  body: LoadReceptionRequest;
  idempotencyKey: string;
}

/** Confirms a load's reception (accepted or refused); kept in the outbox when the network failed. */
export function useConfirmReception() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    // Offline, react-query would pause the mutation until the browser is back online: the
    // outbox keeps the entry instead (and survives a closed tab), so the attempt always runs.
    networkMode: 'always',
    mutationFn: ({ transferId, loadId, loadNumber, body, idempotencyKey }: Reception) =>
      submitEntry({ key: idempotencyKey, userId: user?.id ?? '', kind: 'reception', transferId, loadId, loadNumber, body, savedAt: new Date().toISOString() }),
    onSuccess: (result, { transferId, loadId }) => {
      if (result.status === 'sent') invalidateTransfer(queryClient, transferId, loadId);
    },
  });
}
