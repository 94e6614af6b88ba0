import { useSuspenseQuery } from '@tanstack/react-query';
import {
  parseProblem,
  problemMessage,
  type Document,
  type DocumentKind,
} from '@terres/api-client';
import { useAuth } from '@terres/app-kit';
import { canDeleteDocument, DOCUMENT_KIND_LABELS, DOCUMENT_SOURCE_LABELS, PLATFORM_DOCUMENT_KINDS } from '@terres/domain';
import { Alert } from '@terres/ui/alert';
import { Card } from '@terres/ui/card';
import { DocumentList } from '@terres/ui/document-list';
import { FILE_FIELD_HINT, FileField } from '@terres/ui/file-field';
import { Select } from '@terres/ui/select';
import { useToast } from '@terres/ui/toast';
import { UploadProgress } from '@terres/ui/upload-progress';
import { useState } from 'react';
import { saveDocument } from '../../../lib/files';
import { useDeleteDocument } from '../api/delete-document';
import { inquiryDocumentsQueryOptions, inquiryQueryOptions } from '../api/inquiry';
import { useUploadInquiryDocument } from '../api/upload-inquiry-document';
import { texts } from '../texts';

interface Upload {
  key: string;
  file: File;
  kind: DocumentKind;
  /** Bytes sent, when the browser reports it. */
  loaded: number | undefined;
  status: 'uploading' | 'error' | 'cancelled';
  error?: string;
  controller: AbortController;
}

let uploadCounter = 0;

/**
 * Documents (spec §2; CONTRACT §11): what the advertiser deposited ('Déposés') and what the
 * platform sent ('Envoyés'), each downloaded under its real name; the admin sends a soil study
 * or another document to the advertiser (with its progress), and may withdraw what the
 * platform sent after a confirmation.
 */
export function DocumentsPage({ id }: { id: string }) {
  const { user } = useAuth();
  const toast = useToast();
  const uploadDocument = useUploadInquiryDocument();
  const deletion = useDeleteDocument();
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const { data: documents } = useSuspenseQuery(inquiryDocumentsQueryOptions(id));
  const deposited = documents.filter((document) => document.source !== 'PLATFORM');
  const sent = documents.filter((document) => document.source === 'PLATFORM');
  const [kind, setKind] = useState<DocumentKind>(inquiry.soilStudyDelegation ? 'SOIL_STUDY' : 'OTHER');
  const [uploads, setUploads] = useState<Upload[]>([]);

  const change = (key: string, patch: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  const forget = (key: string) => setUploads((current) => current.filter((upload) => upload.key !== key));

  const send = async (upload: Pick<Upload, 'key' | 'file' | 'kind' | 'controller'>) => {
    try {
      const stored = await uploadDocument.mutateAsync({
        inquiryId: inquiry.id,
        file: upload.file,
        kind: upload.kind,
        onProgress: (fraction) => change(upload.key, { loaded: Math.round(fraction * upload.file.size) }),
        signal: upload.controller.signal,
      });
      forget(upload.key);
      toast.success(texts.sent, stored.fileName);
    } catch (error) {
      if (upload.controller.signal.aborted) change(upload.key, { status: 'cancelled' });
      // The file stays listed with the server's reason and 'Réessayer': nothing to choose again.
      else change(upload.key, { status: 'error', error: problemMessage(error, texts.uploadFailed) });
    }
  };

  const start = (file: File) => {
    uploadCounter += 1;
    const upload: Upload = { key: `upload-${uploadCounter}`, file, kind, loaded: undefined, status: 'uploading', controller: new AbortController() };
    setUploads((current) => [...current, upload]);
    void send(upload);
  };

  const retry = (upload: Upload) => {
    const controller = new AbortController();
    change(upload.key, { status: 'uploading', loaded: undefined, error: undefined, controller });
    void send({ ...upload, controller });
  };

  const download = async (document: Document) => {
    try {
      await saveDocument(document);
    } catch (error) {
      toast.error(texts.downloadFailed, parseProblem(error)?.detail);
    }
  };

  const remove = async (document: Document) => {
    try {
      await deletion.mutateAsync({ inquiryId: inquiry.id, documentId: document.id });
    } catch (error) {
      toast.error(texts.deleteFailed, parseProblem(error)?.detail);
      throw error;
    }
    toast.success(texts.deleted, document.fileName);
  };

  // Admins withdraw what the platform sent, never the advertiser's own files (domain rule).
  const canDelete = (document: Document) =>
    canDeleteDocument({ role: user?.role, source: document.source, inquiryStatus: inquiry.status });

  return (
    <div className="inquiry-tab">
      <p className="app-muted inquiry-details__intro">{texts.documentsIntro}</p>
      {/* The lists name themselves with their heading (one region each), drawn as cards. */}
      <DocumentList
        className="inquiry-documents"
        title={DOCUMENT_SOURCE_LABELS.ADVERTISER}
        headingLevel={2}
        documents={deposited}
        emptyText={texts.noDeposited}
        onDownload={download}
      />
      <DocumentList
        className="inquiry-documents"
        title={DOCUMENT_SOURCE_LABELS.PLATFORM}
        headingLevel={2}
        documents={sent}
        emptyText={texts.noSent}
        onDownload={download}
        onDelete={remove}
        canDelete={canDelete}
      >
        {uploads.length > 0 ? (
          <ul className="inquiry-uploads">
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

      <Card title={texts.send} description={texts.sendIntro}>
        {inquiry.soilStudyDelegation ? (
          <Alert tone="info" live="off" className="inquiry-details__intro">
            {texts.delegatedHint}
          </Alert>
        ) : null}
        <div className="inquiry-send">
          <Select
            label={texts.kind}
            options={PLATFORM_DOCUMENT_KINDS.map((value) => ({ value, label: DOCUMENT_KIND_LABELS[value] }))}
            value={kind}
            onValueChange={(value) => setKind(value as DocumentKind)}
          />
          <FileField label={texts.file} value={[]} hint={FILE_FIELD_HINT} onFilesChange={(files) => files.forEach(start)} />
        </div>
      </Card>
    </div>
  );
}
