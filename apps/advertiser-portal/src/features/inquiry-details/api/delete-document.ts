import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDocument } from '@terres/api-client';
import { inquiryDocumentsQueryOptions } from './inquiry';

/** One of the organisation's own uploads removed: the listing's documents follow. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId }: { inquiryId: string; documentId: string }) => deleteDocument(documentId),
    onSuccess: (_, { inquiryId, documentId }) => {
      const { queryKey } = inquiryDocumentsQueryOptions(inquiryId);
      queryClient.setQueryData(queryKey, (list) => list?.filter((item) => item.id !== documentId));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
