import { problemMessage, type Document, type DocumentKind } from '@terres/api-client';
import { useAuth } from '@terres/app-kit';
import { canDeleteDocument } from '@terres/domain';
import { DocumentList } from '@terres/ui/document-list';
import { FILE_FIELD_HINT, FileField } from '@terres/ui/file-field';
import { useToast } from '@terres/ui/toast';
import { UploadProgress } from '@terres/ui/upload-progress';
import { useRef, useState } from 'react';
import { downloadDocumentFile, useDeleteDocument, useUploadDocument } from '../api/documents';
import { texts } from '../texts';

interface Upload {
  key: string;
  file: File;
  /** Bytes sent, when the browser reports it. */
  loaded: number | undefined;
  status: 'uploading' | 'error' | 'cancelled';
  error?: string;
  controller: AbortController;
}

export interface DocumentUploadProps {
  label: string;
  kind: DocumentKind;
  /** The listing's documents of this kind, oldest first. */
  documents: readonly Document[];
  /** The listing's status (own uploads are removable while DRAFT or REJECTED). */
  inquiryStatus: string;
  /** One file of this kind (a new one replaces the old) or several. */
  multiple?: boolean;
  required?: boolean;
  hint?: string;
  /** A message from the form (e.g. the server's reason for a missing document). */
  error?: string | undefined;
  /** Resolves with the listing's id once the draft exists (uploads need it). */
  ensureDraft: () => Promise<string>;
  onUploaded: (document: Document) => void;
  onRemoved: (documentId: string) => void;
}

let uploadCounter = 0;

/**
 * A file field that uploads at once (the draft keeps the file, so a reload finds it), with the
 * progress of each file ('Annuler', then 'Réessayer' or 'Retirer' after a failure), then the
 * list of what the listing holds ('Télécharger', and 'Supprimer' where the domain allows it:
 * the organisation's own uploads of a draft or refused listing, CONTRACT §11). A new
 * permission or soil study replaces the old one once it is stored.
 */
export function DocumentUpload({
  label,
  kind,
  documents,
  inquiryStatus,
  multiple = false,
  required,
  hint,
  error,
  ensureDraft,
  onUploaded,
  onRemoved,
}: DocumentUploadProps) {
  const toast = useToast();
  const { user } = useAuth();
  const { mutateAsync: uploadDocument } = useUploadDocument();
  const { mutateAsync: deleteDocument } = useDeleteDocument();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const latestDocuments = useRef(documents);
  latestDocuments.current = documents;

  const change = (key: string, patch: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  const forget = (key: string) => setUploads((current) => current.filter((upload) => upload.key !== key));

  const canDelete = (document: Document) =>
    canDeleteDocument({ role: user?.role, source: document.source, inquiryStatus });

  const send = async (file: File, key: string, controller: AbortController) => {
    try {
      const inquiryId = await ensureDraft();
      const previous = multiple ? [] : latestDocuments.current.filter(canDelete);
      const stored = await uploadDocument({
        inquiryId,
        kind,
        file,
        options: { onProgress: (fraction) => change(key, { loaded: Math.round(fraction * file.size) }), signal: controller.signal },
      });
      forget(key);
      onUploaded(stored);
      // One permission or soil study per listing: the new file replaces the old ones (a failed
      // removal leaves the old file listed, where the user can remove it).
      for (const old of previous) {
        await deleteDocument(old).then(
          () => onRemoved(old.id),
          () => undefined,
        );
      }
    } catch (reason) {
      if (controller.signal.aborted) change(key, { status: 'cancelled' });
      else change(key, { status: 'error', error: problemMessage(reason, texts.uploadFailed) });
    }
  };

  const start = (file: File) => {
    uploadCounter += 1;
    const key = `upload-${uploadCounter}`;
    const controller = new AbortController();
    setUploads((current) => [...current, { key, file, loaded: undefined, status: 'uploading', controller }]);
    void send(file, key, controller);
  };

  const retry = (upload: Upload) => {
    const controller = new AbortController();
    change(upload.key, { status: 'uploading', loaded: undefined, controller });
    void send(upload.file, upload.key, controller);
  };

  const remove = async (document: Document) => {
    try {
      await deleteDocument(document);
      onRemoved(document.id);
      toast.success(texts.documentRemoved);
    } catch (reason) {
      toast.error(texts.documentRemoveFailed, problemMessage(reason, ''));
      throw reason;
    }
  };

  const download = async (document: Document) => {
    try {
      await downloadDocumentFile(document);
    } catch (reason) {
      toast.error(texts.documentDownloadFailed, problemMessage(reason, ''));
    }
  };

  const replaceHint = !multiple && documents.length > 0 ? texts.documentReplaceHint : undefined;

  return (
    <div className="wizard-document">
      <FileField
        label={label}
        multiple={multiple}
        required={required}
        value={[]}
        error={error}
        hint={[hint ?? FILE_FIELD_HINT, replaceHint].filter(Boolean).join(' ')}
        onFilesChange={(files) => files.forEach(start)}
      />
      {documents.length > 0 || uploads.length > 0 ? (
        <DocumentList
          documents={documents}
          label={`${label} : ${texts.documentsUploaded.toLowerCase()}`}
          emptyText={texts.documentNone}
          onDownload={download}
          onDelete={remove}
          canDelete={canDelete}
        >
          {uploads.length > 0 ? (
            <ul className="wizard-document__uploads">
              {uploads.map((upload) => (
                <li key={upload.key}>
                  <UploadProgress
                    fileName={upload.file.name}
                    total={upload.file.size}
                    status={upload.status}
                    {...(upload.loaded === undefined ? {} : { loaded: upload.loaded })}
                    {...(upload.error ? { error: upload.error } : {})}
                    onCancel={() => upload.controller.abort()}
                    onRetry={() => retry(upload)}
                    onDismiss={() => forget(upload.key)}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </DocumentList>
      ) : null}
    </div>
  );
}
