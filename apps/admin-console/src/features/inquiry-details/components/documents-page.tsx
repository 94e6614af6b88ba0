import { useSuspenseQuery } from '@tanstack/react-query';
import { problemMessage, type Document, type DocumentKind } from '@terres/api-client';
import { ListingDocuments, useUploads } from '@terres/app-kit';
import { DOCUMENT_KIND_LABELS, fillTemplate, PLATFORM_DOCUMENT_KINDS } from '@terres/domain';
import { Alert } from '@terres/ui/alert';
import { Button } from '@terres/ui/button';
import { Card } from '@terres/ui/card';
import { ConfirmDialog } from '@terres/ui/confirm-dialog';
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
 * the admin may withdraw what the platform sent after a confirmation); the admin chooses a type
 * and a file, sees them, and confirms the sending to the advertiser (who is mailed), with its
 * progress under 'Envoyés'.
 */
export function DocumentsPage({ id }: { id: string }) {
  const toast = useToast();
  const deletion = useDeleteDocument();
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const { data: documents } = useSuspenseQuery(inquiryDocumentsQueryOptions(id));
  // Nothing leaves before the admin has chosen a type and a file, seen them, and confirmed
  // (review D2: a file was sent and mailed the moment it was picked, as 'Autre document').
  const [kind, setKind] = useState<DocumentKind | ''>(inquiry.soilStudyDelegation ? 'SOIL_STUDY' : '');
  const [picked, setPicked] = useState<File>();
  const [confirming, setConfirming] = useState(false);
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
            placeholder={texts.kindPlaceholder}
            options={PLATFORM_DOCUMENT_KINDS.map((value) => ({ value, label: DOCUMENT_KIND_LABELS[value] }))}
            value={kind}
            onValueChange={(value) => setKind(value as DocumentKind)}
          />
          <FileField label={texts.file} value={picked ? [picked] : []} hint={FILE_FIELD_HINT} onFilesChange={(files) => setPicked(files[0])} />
        </div>
        <div className="inquiry-send__actions">
          <Button disabled={kind === '' || !picked} onClick={() => setConfirming(true)}>
            {texts.sendButton}
          </Button>
        </div>
        {picked && kind !== '' ? (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={texts.sendConfirmTitle}
            description={fillTemplate(texts.sendConfirmDescription, { file: picked.name, kind: DOCUMENT_KIND_LABELS[kind] })}
            confirmLabel={texts.sendButton}
            onConfirm={() => {
              start(picked, kind);
              setPicked(undefined);
            }}
          />
        ) : null}
      </Card>
    </div>
  );
}
