import { useSuspenseQuery } from '@tanstack/react-query';
import {
  downloadFile,
  getDownloadDocumentUrl,
  getDownloadInquiryPdfUrl,
  parseProblem,
  saveFile,
  type Document,
} from '@terres/api-client';
import { useAuth } from '@terres/app-kit';
import { canDeleteDocument, DOCUMENT_SOURCE_LABELS } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { DocumentList } from '@terres/ui/document-list';
import { useToast } from '@terres/ui/toast';
import { useState } from 'react';
import { useDeleteDocument } from '../api/delete-document';
import { inquiryDocumentsQueryOptions, inquiryQueryOptions } from '../api/inquiry';
import { texts } from '../texts';

/**
 * Documents (spec §2; CONTRACT §11): what the organisation deposited ('Déposés') and what the
 * platform sent ('Envoyés'), each downloaded under its real name (the organisation's own
 * uploads of a draft or refused listing can also be removed), and the listing's PDF summary.
 */
export function DocumentsPage({ id }: { id: string }) {
  const { user } = useAuth();
  const toast = useToast();
  const deletion = useDeleteDocument();
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const { data: documents } = useSuspenseQuery(inquiryDocumentsQueryOptions(id));
  const deposited = documents.filter((document) => document.source !== 'PLATFORM');
  const sent = documents.filter((document) => document.source === 'PLATFORM');

  const download = async (document: Document) => {
    try {
      const file = await downloadFile(getDownloadDocumentUrl(document.id), { fallbackFileName: document.fileName });
      saveFile(file.blob, file.fileName);
    } catch (error) {
      toast.error(texts.downloadFailed, parseProblem(error)?.detail);
    }
  };
  // The organisation removes its own uploads while the listing is a draft or refused (the API's rule).
  const canDelete = (document: Document) =>
    canDeleteDocument({ role: user?.role, source: document.source, inquiryStatus: inquiry.status });
  const remove = async (document: Document) => {
    try {
      await deletion.mutateAsync({ inquiryId: inquiry.id, documentId: document.id });
    } catch (error) {
      toast.error(texts.deleteDocumentFailed, parseProblem(error)?.detail);
      throw error;
    }
    toast.success(texts.documentDeleted);
  };

  return (
    <div className="inquiry-documents-page">
      <p className="inquiry-details__muted">{texts.documentsIntro}</p>
      <DocumentList
        className="inquiry-panel"
        title={DOCUMENT_SOURCE_LABELS.ADVERTISER}
        headingLevel={2}
        documents={deposited}
        emptyText={texts.noDeposited}
        onDownload={download}
        onDelete={remove}
        canDelete={canDelete}
      />
      <DocumentList
        className="inquiry-panel"
        title={DOCUMENT_SOURCE_LABELS.PLATFORM}
        headingLevel={2}
        documents={sent}
        emptyText={texts.noSent}
        onDownload={download}
      />
      <section className="inquiry-panel" aria-labelledby="documents-summary">
        <h2 id="documents-summary" className="inquiry-panel__title">
          {texts.summaryTitle}
        </h2>
        <div className="inquiry-summary-download">
          <span className="inquiry-details__muted">{texts.summaryText}</span>
          <PdfDownload id={inquiry.id} />
        </div>
      </section>
    </div>
  );
}

/** The listing's PDF summary, under the name the API gives it. */
function PdfDownload({ id }: { id: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      loadingLabel={texts.downloading}
      onClick={() => {
        setBusy(true);
        downloadFile(getDownloadInquiryPdfUrl(id), { fallbackFileName: 'annonce.pdf' })
          .then((file) => saveFile(file.blob, file.fileName))
          .catch((error: unknown) => toast.error(texts.downloadFailed, parseProblem(error)?.detail))
          .finally(() => setBusy(false));
      }}
    >
      {texts.downloadPdf}
    </Button>
  );
}
