// A listing's documents on its detail page (spec §2; CONTRACT §11), the same in both apps: what
// the advertiser deposited ('Déposés') and what the platform sent ('Envoyés'), each with its type,
// size and date, downloaded under its real name, with a removal (after a confirmation) where the
// domain allows it for the viewer (`canDeleteDocument`: the organisation's own uploads of a draft
// or refused listing; an admin, what the platform sent). Each app brings its texts, its removal
// (mutation hook) and what it adds (the console's uploads in progress under 'Envoyés').
import { parseProblem, type Document } from '@terres/api-client';
import { canDeleteDocument, DOCUMENT_SOURCE_LABELS } from '@terres/domain';
import { DocumentList } from '@terres/ui/document-list';
import { useToast } from '@terres/ui/toast';
import type { ReactNode } from 'react';
import { useAuth } from '../auth/auth-context';
import { saveDocument } from '../downloads/download-button';

export interface ListingDocumentsTexts {
  /** Under 'Déposés' when it is empty. */
  noDeposited: string;
  /** Under 'Envoyés' when it is empty. */
  noSent: string;
  downloadFailed: string;
  deleteFailed: string;
  /** The toast once a document is removed. */
  deleted: string;
}

export interface ListingDocumentsProps {
  /** The listing (its status decides what may be removed). */
  listing: { id: string; status: string };
  documents: readonly Document[];
  /** Removes a document (the app's mutation); the toasts are said here. */
  remove: (document: Document) => Promise<unknown>;
  texts: ListingDocumentsTexts;
  /** Names the removed file under the toast's title. */
  nameRemoved?: boolean;
  /** Each list's class (both are drawn as cards). */
  className?: string;
  /** Under the platform's list (the console's uploads in progress). */
  sentExtra?: ReactNode;
}

export function ListingDocuments({ listing, documents, remove, texts, nameRemoved = false, className, sentExtra }: ListingDocumentsProps) {
  const { user } = useAuth();
  const toast = useToast();
  const deposited = documents.filter((document) => document.source !== 'PLATFORM');
  const sent = documents.filter((document) => document.source === 'PLATFORM');

  const download = async (document: Document) => {
    try {
      await saveDocument(document);
    } catch (error) {
      toast.error(texts.downloadFailed, parseProblem(error)?.detail);
    }
  };

  const removal = async (document: Document) => {
    try {
      await remove(document);
    } catch (error) {
      toast.error(texts.deleteFailed, parseProblem(error)?.detail);
      throw error;
    }
    toast.success(texts.deleted, nameRemoved ? document.fileName : undefined);
  };

  const canDelete = (document: Document) =>
    canDeleteDocument({ role: user?.role, source: document.source, inquiryStatus: listing.status });

  // The lists name themselves with their heading (one region each).
  const list = (title: string, items: Document[], emptyText: string, extra?: ReactNode) => (
    <DocumentList
      {...(className ? { className } : {})}
      title={title}
      headingLevel={2}
      documents={items}
      emptyText={emptyText}
      onDownload={download}
      onDelete={removal}
      canDelete={canDelete}
    >
      {extra}
    </DocumentList>
  );

  return (
    <>
      {list(DOCUMENT_SOURCE_LABELS.ADVERTISER, deposited, texts.noDeposited)}
      {list(DOCUMENT_SOURCE_LABELS.PLATFORM, sent, texts.noSent, sentExtra)}
    </>
  );
}
