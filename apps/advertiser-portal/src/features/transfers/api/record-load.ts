import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@terres/app-kit';
import type { LoadDepartureRequest } from '@terres/api-client';
import { submitEntry } from '../model/outbox';
import { invalidateTransfer } from './invalidate';

interface Departure {
  transferId: string;
  body: LoadDepartureRequest;
  /** The entry's Idempotency-Key: the same for every attempt of this load. */
  idempotencyKey: string;
}

/**
 * Records a load at its departure: sent at once, or kept in the outbox when the network failed
 * (`{ status: 'queued' }`); the transfer's balance and loads are read again once it is recorded.
 */
export function useRecordLoad() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    // Offline, react-query would pause the mutation until the browser is back online: the
    // outbox keeps the entry instead (and survives a closed tab), so the attempt always runs.
    networkMode: 'always',
    mutationFn: ({ transferId, body, idempotencyKey }: Departure) =>
      submitEntry({ key: idempotencyKey, userId: user?.id ?? '', kind: 'departure', transferId, body, savedAt: new Date().toISOString() }),
    onSuccess: (result, { transferId }) => {
      if (result.status === 'sent') invalidateTransfer(queryClient, transferId, result.load.id);
    },
  });
}
