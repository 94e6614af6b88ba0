// The listing's files (CONTRACT §5, §11): PERMISSION, SOIL_STUDY and OTHER documents, uploaded
// at once with their progress, downloaded under their names, removable by the organisation
// while the listing is a draft or refused (the domain's `canDeleteDocument` says where). The
// components write through `useUploadDocument` and `useDeleteDocument`.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteDocument as deleteDocumentCall,
  getListInquiryDocumentsQueryKey,
  downloadFile,
  getDownloadDocumentUrl,
  saveFile,
  uploadInquiryDocumentWithProgress,
  type Document,
  type DocumentKind,
} from '@terres/api-client';

export interface UploadOptions {
  /** The part sent, 0 to 1 (the last percent waits for the server's answer). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function uploadDocument(inquiryId: string, kind: DocumentKind, file: File, options: UploadOptions = {}): Promise<Document> {
  return uploadInquiryDocumentWithProgress(inquiryId, { file, kind }, options);
}

/** DELETE /documents/{id}. */
export function deleteDocument(documentId: string): Promise<void> {
  return deleteDocumentCall(documentId);
}

/** The file, saved by the browser under its real name. */
export async function downloadDocumentFile(document: Document): Promise<void> {
  const { blob, fileName } = await downloadFile(getDownloadDocumentUrl(document.id), { fallbackFileName: document.fileName });
  saveFile(blob, fileName);
}

/** Uploads a file to the listing; the listing's document lists are read again after it. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inquiryId, kind, file, options }: { inquiryId: string; kind: DocumentKind; file: File; options?: UploadOptions }) =>
      uploadDocument(inquiryId, kind, file, options),
    onSuccess: (_document, { inquiryId }) => queryClient.invalidateQueries({ queryKey: getListInquiryDocumentsQueryKey(inquiryId) }),
  });
}

/** Removes a document (DELETE /documents/{id}); the listing's document lists are read again. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: Document) => deleteDocument(document.id),
    onSuccess: (_nothing, document) => queryClient.invalidateQueries({ queryKey: getListInquiryDocumentsQueryKey(document.inquiryId) }),
  });
}
