import { formatNumber } from '@terres/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../button/button';
import { formatFileSize } from '../file-field/file-field';
import './upload-progress.css';
import '../form-field/form-field.css';

export type UploadStatus = 'uploading' | 'done' | 'error' | 'cancelled';

export interface UploadProgressProps {
  /** The file's name, as chosen. */
  fileName: string;
  /** Bytes sent so far (e.g. from XMLHttpRequest `upload.onprogress`). */
  loaded?: number;
  /** The file's size in bytes; without it (or with `loaded` unknown) the bar is indeterminate. */
  total?: number;
  /** 'uploading' (default), 'done', 'error' or 'cancelled'. */
  status?: UploadStatus;
  /** With status 'error': why (the server's French `detail`, e.g. 'Format de fichier non autorisé.'). */
  error?: ReactNode;
  /** While uploading: shows 'Annuler' (abort the request). */
  onCancel?: () => void;
  /** After an error or a cancel: shows 'Réessayer'. */
  onRetry?: () => void;
  /** After an error or a cancel: shows 'Retirer' (forget this file). */
  onDismiss?: () => void;
  className?: string;
}

/** The percentage sent, 0 to 100, or null when it cannot be known. */
export function uploadPercent(loaded: number | undefined, total: number | undefined): number | null {
  if (loaded === undefined || total === undefined || !Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0) {
    return null;
  }
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/** Screen readers hear the progress at these steps only, not at every percent. */
const ANNOUNCED_STEPS = [25, 50, 75];

/**
 * One file being sent: its name, a progress bar with the percentage and the sizes, 'Annuler'
 * while it runs; 'Envoyé' once done; the reason, 'Réessayer' and 'Retirer' after a failure.
 * The bar is a `progressbar`; a polite live region announces 25, 50 and 75 %, the end and a
 * failure (an assertive alert).
 */
export function UploadProgress({
  fileName,
  loaded,
  total,
  status = 'uploading',
  error,
  onCancel,
  onRetry,
  onDismiss,
  className,
}: UploadProgressProps) {
  const id = useId();
  const percent = status === 'done' ? 100 : uploadPercent(loaded, total);
  const [announcement, setAnnouncement] = useState('');
  const lastStep = useRef(0);

  useEffect(() => {
    if (status === 'done') {
      setAnnouncement(`${fileName} envoyé.`);
      return;
    }
    if (status === 'cancelled') {
      setAnnouncement(`Envoi de ${fileName} annulé.`);
      return;
    }
    if (status !== 'uploading') return;
    if (percent === null) return;
    const step = [...ANNOUNCED_STEPS].reverse().find((s) => percent >= s) ?? 0;
    if (step > lastStep.current) {
      lastStep.current = step;
      setAnnouncement(`Envoi de ${fileName} : ${step} %`);
    } else if (step < lastStep.current) {
      // A new try starts from the beginning.
      lastStep.current = step;
    }
  }, [status, percent, fileName]);

  const sizes =
    total !== undefined && Number.isFinite(total)
      ? status !== 'uploading' || loaded === undefined
        ? formatFileSize(total)
        : `${formatFileSize(Math.min(loaded, total))} sur ${formatFileSize(total)}`
      : null;

  const statusText: Record<UploadStatus, string> = {
    uploading: percent === null ? 'Envoi...' : `Envoi... ${formatNumber(percent, 0)}\u00a0%`,
    done: 'Envoyé',
    error: 'Échec de l’envoi',
    cancelled: 'Envoi annulé',
  };

  return (
    <div className={className ? `terres-upload ${className}` : 'terres-upload'} data-status={status}>
      <div className="terres-upload__header">
        <span className="terres-upload__name" id={`${id}-name`}>
          {fileName}
        </span>
        <span className="terres-upload__state">{statusText[status]}</span>
      </div>
      {status === 'uploading' || status === 'done' ? (
        <div
          className="terres-upload__bar"
          role="progressbar"
          aria-labelledby={`${id}-name`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={percent === null ? 'Envoi en cours' : `${percent} %${sizes ? ` (${sizes})` : ''}`}
          data-indeterminate={percent === null ? '' : undefined}
        >
          <span className="terres-upload__fill" style={percent === null ? undefined : { width: `${percent}%` }} />
        </div>
      ) : null}
      <div className="terres-upload__footer">
        {sizes ? <span className="terres-upload__sizes">{sizes}</span> : null}
        {status === 'error' && error ? (
          <span className="terres-upload__error" role="alert">
            {error}
          </span>
        ) : null}
        <span className="terres-upload__actions">
          {status === 'uploading' && onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel} aria-label={`Annuler l’envoi de ${fileName}`}>
              Annuler
            </Button>
          ) : null}
          {(status === 'error' || status === 'cancelled') && onRetry ? (
            <Button variant="secondary" size="sm" onClick={onRetry} aria-label={`Réessayer l’envoi de ${fileName}`}>
              Réessayer
            </Button>
          ) : null}
          {(status === 'error' || status === 'cancelled') && onDismiss ? (
            <Button variant="ghost" size="sm" onClick={onDismiss} aria-label={`Retirer ${fileName}`}>
              Retirer
            </Button>
          ) : null}
        </span>
      </div>
      <span className="terres-visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
