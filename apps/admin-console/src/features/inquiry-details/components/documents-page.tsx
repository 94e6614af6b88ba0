import { useSuspenseQuery } from '@tanstack/react-query';
import { parseProblem, problemMessage, type Document, type DocumentKind } from '@terres/api-client';
import { useAuth, useUploads } from '@terres/app-kit';
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

/**
 * Documents (spec §2; CONTRACT §11): what the advertiser deposited ('Déposés') and what the
 * platform sent ('Envoyés'), each downloaded under its real name; the admin sends a soil study
 * or another document to the advertiser (with its progress), and may withdraw what the
 * platform sent after a confirmation.
 */
export function DocumentsPage({ id }: { id: string }) {
  const { user } = useAuth();
  const toast = useToast();
  const deletion = useDeleteDocument();
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const { data: documents } = useSuspenseQuery(inquiryDocumentsQueryOptions(id));
  const deposited = documents.filter((document) => document.source !== 'PLATFORM');
  const sent = documents.filter((document) => document.source === 'PLATFORM');
  const [kind, setKind] = useState<DocumentKind>(inquiry.soilStudyDelegation ? 'SOIL_STUDY' : 'OTHER');
  const uploadDocument = useUploadInquiryDocument();
  const { uploads, start, progressProps } = useUploads<DocumentKind, Document>({
    upload: (file, fileKind, { onProgress, signal }) =>
      uploadDocument.mutateAsync({ inquiryId: inquiry.id, file, kind: fileKind, onProgress, signal }),
    onUploaded: (stored) => toast.success(texts.sent, stored.fileName),
    failureMessage: (error) => problemMessage(error, texts.uploadFailed),
  });

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
                <UploadProgress {...progressProps(upload)} />
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
          <FileField label={texts.file} value={[]} hint={FILE_FIELD_HINT} onFilesChange={(files) => files.forEach((file) => start(file, kind))} />
        </div>
      </Card>
    </div>
  );
}
