import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetLoadQueryKey, uploadLoadTicket } from '@terres/api-client';

interface TicketUpload {
  loadId: string;
  file: File;
}

/** Attaches the weighbridge ticket's photo or PDF to a load in transit (CUT side), then reads the load again. */
export function useUploadTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ loadId, file }: TicketUpload) => uploadLoadTicket(loadId, { file }),
    onSuccess: (_load, { loadId }) => {
      void queryClient.invalidateQueries({ queryKey: getGetLoadQueryKey(loadId) });
    },
  });
}
