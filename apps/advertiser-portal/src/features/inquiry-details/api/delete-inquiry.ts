import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteInquiry, getListInquiriesQueryKey, type Inquiry } from '@terres/api-client';

/**
 * A draft deleted: it leaves the dashboard's list at once (the dashboard must not show it, even
 * stale). Its own queries are forgotten by the page once it has left them (`useForgetInquiry`).
 */
export function useDeleteInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteInquiry(id),
    onSuccess: (_, id) => {
      const listKey = getListInquiriesQueryKey();
      queryClient.setQueryData<Inquiry[]>(listKey, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
