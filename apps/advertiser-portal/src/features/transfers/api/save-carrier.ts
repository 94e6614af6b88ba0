import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCarrier, updateCarrier, type CarrierRequest } from '@terres/api-client';

interface CarrierSave {
  organizationId: string;
  /** The carrier edited; absent for a new one. */
  carrierId?: string | undefined;
  body: CarrierRequest;
  idempotencyKey: string;
}

/** Adds or edits one of the organisation's carriers (owner), then reads the list again. */
export function useSaveCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, carrierId, body, idempotencyKey }: CarrierSave) =>
      carrierId ? updateCarrier(carrierId, body) : createCarrier(organizationId, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (_carrier, { organizationId }) => {
      void queryClient.invalidateQueries({ queryKey: [`/api/v1/organizations/${organizationId}/carriers`] });
    },
  });
}
