import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setInquiryStatus, type SetInquiryStatusRequest } from '@terres/api-client';
import { listingChanged } from './inquiry';

/** An admin's status change (approve, move, refuse); every screen showing the listing follows. */
export function useSetInquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SetInquiryStatusRequest }) => setInquiryStatus(id, change),
    onSuccess: (updated) => listingChanged(queryClient, updated),
  });
}
