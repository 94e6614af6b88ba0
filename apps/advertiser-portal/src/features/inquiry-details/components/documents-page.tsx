import { useSuspenseQuery } from '@tanstack/react-query';
import { downloadFile, getDownloadInquiryPdfUrl, saveFile } from '@terres/api-client';
import { DownloadButton, ListingDocuments } from '@terres/app-kit';
import { useDeleteDocument } from '../api/delete-document';
import { inquiryDocumentsQueryOptions, inquiryQueryOptions } from '../api/inquiry';
import { texts } from '../texts';

/**
 * Documents (spec §2; CONTRACT §11): what the organisation deposited ('Déposés') and what the
 * platform sent ('Envoyés'), each downloaded under its real name (the organisation's own
 * uploads of a draft or refused listing can also be removed: app-kit's `ListingDocuments`), and
 * the listing's PDF summary.
 */
export function DocumentsPage({ id }: { id: string }) {
  const deletion = useDeleteDocument();
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const { data: documents } = useSuspenseQuery(inquiryDocumentsQueryOptions(id));

  return (
    <div className="inquiry-documents-page">
      <p className="inquiry-details__muted">{texts.documentsIntro}</p>
      <ListingDocuments
        className="inquiry-panel"
        listing={inquiry}
        documents={documents}
        remove={(document) => deletion.mutateAsync({ inquiryId: inquiry.id, documentId: document.id })}
        // This feature's deleteFailed and deleted speak of the draft; here, of a document.
        texts={{ ...texts, deleteFailed: texts.deleteDocumentFailed, deleted: texts.documentDeleted }}
      />
      <section className="inquiry-panel" aria-labelledby="documents-summary">
        <h2 id="documents-summary" className="inquiry-panel__title">
          {texts.summaryTitle}
        </h2>
        <div className="inquiry-summary-download">
          <span className="inquiry-details__muted">{texts.summaryText}</span>
          {/* The listing's PDF summary, under the name the API gives it. */}
          <DownloadButton
            save={() => downloadFile(getDownloadInquiryPdfUrl(inquiry.id), { fallbackFileName: 'annonce.pdf' }).then((file) => saveFile(file.blob, file.fileName))}
            loadingLabel={texts.downloading}
            failedTitle={texts.downloadFailed}
          >
            {texts.downloadPdf}
          </DownloadButton>
        </div>
      </section>
    </div>
  );
}
