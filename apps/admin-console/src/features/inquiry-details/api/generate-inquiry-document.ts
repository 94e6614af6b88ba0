import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generateInquiryDocument, type GenerateDocumentRequest } from '@terres/api-client';
import { documentsChanged, listingChanged } from './inquiry';

/** A transaction document generated for the listing (or the one already there): the listing and its documents follow. */
export function useGenerateInquiryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: GenerateDocumentRequest }) => generateInquiryDocument(id, request),
    onSuccess: (outcome, { id }) => {
      listingChanged(queryClient, outcome.inquiry);
      documentsChanged(queryClient, id, (documents) =>
        documents.some((d) => d.id === outcome.document.id) ? documents : [...documents, outcome.document],
      );
    },
  });
}
