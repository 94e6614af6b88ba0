import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteInquiry, getListInquiriesQueryKey, type Inquiry, type Page } from '@terres/api-client';

/**
 * A draft deleted: it leaves the dashboard's pages at once (the dashboard must not show it, even
 * stale), then they are read again. Its own queries are forgotten by the page once it has left
 * them (`useForgetInquiry`).
 */
export function useDeleteInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteInquiry(id),
    onSuccess: (_, id) => {
      const listKey = getListInquiriesQueryKey();
      // The pages live under the list's key (`getInquiriesPageQueryKey`).
      queryClient.setQueriesData<Page<Inquiry>>({ queryKey: [...listKey, 'page'] }, (page) =>
        page && page.items.some((item) => item.id === id)
          ? { ...page, items: page.items.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
