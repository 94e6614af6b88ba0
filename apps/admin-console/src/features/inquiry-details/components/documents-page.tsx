import { useSuspenseQuery } from '@tanstack/react-query';
import { problemMessage, type Document, type DocumentKind } from '@terres/api-client';
import { ListingDocuments, useUploads } from '@terres/app-kit';
import { DOCUMENT_KIND_LABELS, PLATFORM_DOCUMENT_KINDS } from '@terres/domain';
import { Alert } from '@terres/ui/alert';
import { Card } from '@terres/ui/card';
import { FILE_FIELD_HINT, FileField } from '@terres/ui/file-field';
import { Select } from '@terres/ui/select';
import { useToast } from '@terres/ui/toast';
import { UploadProgress } from '@terres/ui/upload-progress';
import { useState } from 'react';
import { useDeleteDocument } from '../api/delete-document';
import { inquiryDocumentsQueryOptions, inquiryQueryOptions } from '../api/inquiry';
import { useUploadInquiryDocument } from '../api/upload-inquiry-document';
import { texts } from '../texts';

/**
 * Documents (spec §2; CONTRACT §11): what the advertiser deposited ('Déposés') and what the
 * platform sent ('Envoyés'), each downloaded under its real name (app-kit's `ListingDocuments`:
 * the admin may withdraw what the platform sent after a confirmation); the admin sends a soil
 * study or another document to the advertiser, with its progress under 'Envoyés'.
 */
export function DocumentsPage({ id }: { id: string }) {
  const toast = useToast();
  const deletion = useDeleteDocument();
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const { data: documents } = useSuspenseQuery(inquiryDocumentsQueryOptions(id));
  const [kind, setKind] = useState<DocumentKind>(inquiry.soilStudyDelegation ? 'SOIL_STUDY' : 'OTHER');
  const uploadDocument = useUploadInquiryDocument();
  const { uploads, start, progressProps } = useUploads<DocumentKind, Document>({
    upload: (file, fileKind, { onProgress, signal }) =>
      uploadDocument.mutateAsync({ inquiryId: inquiry.id, file, kind: fileKind, onProgress, signal }),
    onUploaded: (stored) => toast.success(texts.sent, stored.fileName),
    failureMessage: (error) => problemMessage(error, texts.uploadFailed),
  });

  return (
    <div className="inquiry-tab">
      <p className="app-muted inquiry-details__intro">{texts.documentsIntro}</p>
      <ListingDocuments
        className="inquiry-documents"
        listing={inquiry}
        documents={documents}
        remove={(document) => deletion.mutateAsync({ inquiryId: inquiry.id, documentId: document.id })}
        texts={texts}
        nameRemoved
        sentExtra={
          uploads.length > 0 ? (
            <ul className="inquiry-uploads">
              {uploads.map((upload) => (
                <li key={upload.key}>
                  <UploadProgress {...progressProps(upload)} />
                </li>
              ))}
            </ul>
          ) : null
        }
      />

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
