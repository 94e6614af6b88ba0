import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadInquiryDocumentWithProgress, type DocumentKind } from '@terres/api-client';
import { documentsChanged } from './inquiry';

interface UploadVariables {
  inquiryId: string;
  file: File;
  kind: DocumentKind;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** A document the platform sends to the advertiser, with its progress; the documents list follows. */
export function useUploadInquiryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inquiryId, file, kind, onProgress, signal }: UploadVariables) =>
      uploadInquiryDocumentWithProgress(inquiryId, { file, kind }, { onProgress, signal }),
    onSuccess: (stored, { inquiryId }) =>
      documentsChanged(queryClient, inquiryId, (list) => [...list.filter((item) => item.id !== stored.id), stored]),
  });
}
