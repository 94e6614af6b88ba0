import { documentDateText, documentKindLabel } from '@terres/domain';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../button/button';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { formatFileSize } from '../file-field/file-field';
import './document-list.css';
import '../form-field/form-field.css';

/** What the list shows of a document: the API's `Document` fits as is. */
export interface DocumentListItem {
  id: string;
  fileName: string;
  /** PERMISSION, SOIL_STUDY, OTHER (read with the domain's `documentKindLabel`). */
  kind?: string | null;
  /** Bytes. */
  size?: number | null;
  /** When it was deposited or sent (ISO string or Date). */
  createdAt?: string | Date | null;
  /** ADVERTISER (the organisation's upload: 'déposé le') or PLATFORM (sent by the platform: 'envoyé le'). */
  source?: string | null;
}

export interface DocumentListProps<Doc extends DocumentListItem> {
  documents: readonly Doc[];
  /** A heading above the list ('Déposés', 'Envoyés'), which also names it. */
  title?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** The list's accessible name when there is no title; default 'Documents'. */
  label?: string;
  /**
   * 'Télécharger'. A returned promise keeps the button busy ('Téléchargement...') until it
   * settles; a failure is the caller's to report (a toast).
   */
  onDownload?: (document: Doc) => void | Promise<unknown>;
  /**
   * 'Supprimer', after a confirmation. A returned promise keeps the dialog open and busy; it
   * closes on success and stays open on failure (the caller reports it).
   */
  onDelete?: (document: Doc) => void | Promise<unknown>;
  /** Which documents may be deleted (e.g. the organisation's own, on a draft); default all. */
  canDelete?: (document: Doc) => boolean;
  /** Default 'Aucun document'. */
  emptyText?: string;
  /** First load: 'Chargement...' in place of the list. */
  loading?: boolean;
  /** A failed load, shown in place of the list, with 'Réessayer' when `onRetry` is given. */
  error?: ReactNode;
  onRetry?: () => void;
  /** Shown after the list, e.g. the files being uploaded (`UploadProgress`). */
  children?: ReactNode;
  className?: string;
}

function FileIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M5 2.5h6.5L15.5 6.5v11a.5.5 0 0 1-.5.5H5a.5.5 0 0 1-.5-.5V3a.5.5 0 0 1 .5-.5zM11.5 2.5v4h4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A listing's documents: name, kind, size and date, 'Télécharger' and, where allowed,
 * 'Supprimer' with a confirmation. A list rather than a table, so each document reads as one
 * line on a desktop and as a small card on a phone.
 */
export function DocumentList<Doc extends DocumentListItem>({
  documents,
  title,
  headingLevel = 3,
  label = 'Documents',
  onDownload,
  onDelete,
  canDelete,
  emptyText = 'Aucun document',
  loading = false,
  error,
  onRetry,
  children,
  className,
}: DocumentListProps<Doc>) {
  const headingId = useId();
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());
  const Heading = `h${headingLevel}` as const;
  const failed = !loading && error !== undefined && error !== null && error !== false;

  const download = (document: Doc) => {
    if (!onDownload || downloading.has(document.id)) return;
    const result = onDownload(document);
    if (!result || typeof (result as Promise<unknown>).then !== 'function') return;
    setDownloading((current) => new Set(current).add(document.id));
    const done = () =>
      setDownloading((current) => {
        const next = new Set(current);
        next.delete(document.id);
        return next;
      });
    // A failure is reported by the caller; the button only stops being busy.
    (result as Promise<unknown>).then(done, done);
  };

  let body: ReactNode;
  if (loading) {
    body = (
      <p className="terres-document-list__message" role="status">
        Chargement...
      </p>
    );
  } else if (failed) {
    body = (
      <div className="terres-document-list__message" data-error="">
        <span role="alert">{error}</span>
        {onRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Réessayer
          </Button>
        ) : null}
      </div>
    );
  } else if (documents.length === 0) {
    body = <p className="terres-document-list__message">{emptyText}</p>;
  } else {
    body = (
      <ul className="terres-document-list__items" {...(title ? { 'aria-labelledby': headingId } : { 'aria-label': label })}>
        {documents.map((document) => {
          const deletable = onDelete && (canDelete ? canDelete(document) : true);
          const details = [
            document.kind ? documentKindLabel(document.kind) : null,
            typeof document.size === 'number' ? formatFileSize(document.size) : null,
            document.createdAt ? documentDateText(document.source, document.createdAt) : null,
          ].filter((part): part is string => part !== null);
          return (
            <li key={document.id} className="terres-document-list__item">
              <span className="terres-document-list__icon">
                <FileIcon />
              </span>
              <div className="terres-document-list__text">
                <span className="terres-document-list__name">{document.fileName}</span>
                {details.length > 0 ? <span className="terres-document-list__details">{details.join(' · ')}</span> : null}
              </div>
              <div className="terres-document-list__actions">
                {onDownload ? (
                  <Button variant="secondary" size="sm" onClick={() => download(document)} loading={downloading.has(document.id)}>
                    {downloading.has(document.id) ? 'Téléchargement...' : 'Télécharger'}
                    <span className="terres-visually-hidden"> {document.fileName}</span>
                  </Button>
                ) : null}
                {deletable ? (
                  <ConfirmDialog
                    title="Supprimer ce document ?"
                    description={`Le document « ${document.fileName} » sera supprimé définitivement.`}
                    confirmLabel="Supprimer"
                    loadingLabel="Suppression..."
                    variant="danger"
                    onConfirm={() => onDelete(document)}
                    trigger={
                      <Button variant="ghost" size="sm" className="terres-document-list__delete">
                        Supprimer<span className="terres-visually-hidden"> {document.fileName}</span>
                      </Button>
                    }
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section
      className={className ? `terres-document-list ${className}` : 'terres-document-list'}
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : label}
    >
      {title ? (
        <Heading id={headingId} className="terres-document-list__title">
          {title}
        </Heading>
      ) : null}
      {body}
      {children ? <div className="terres-document-list__extra">{children}</div> : null}
    </section>
  );
}
