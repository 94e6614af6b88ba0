import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setInquiryStatus, type SetInquiryStatusRequest } from '@terres/api-client';
import { adminQueuesChanged } from '../../../components/admin-queues';
import { listingChanged } from './inquiry';

/** The key of a status change: what the status card tells apart from the page's other actions. */
export const SET_INQUIRY_STATUS_KEY = ['set-inquiry-status'] as const;

/** An admin's status change (approve, move, refuse); every screen showing the listing follows. */
export function useSetInquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_INQUIRY_STATUS_KEY,
    mutationFn: ({ id, change }: { id: string; change: SetInquiryStatusRequest }) => setInquiryStatus(id, change),
    onSuccess: (updated) => {
      listingChanged(queryClient, updated);
      adminQueuesChanged(queryClient);
    },
  });
}
