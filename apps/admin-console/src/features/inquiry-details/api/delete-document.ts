import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDocument } from '@terres/api-client';
import { documentsChanged } from './inquiry';

/** A document the platform sent, withdrawn; the documents list follows. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId }: { inquiryId: string; documentId: string }) => deleteDocument(documentId),
    onSuccess: (_, { inquiryId, documentId }) =>
      documentsChanged(queryClient, inquiryId, (list) => list.filter((item) => item.id !== documentId)),
  });
}
