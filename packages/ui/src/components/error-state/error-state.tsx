import type { ReactNode } from 'react';
import { Button } from '../button/button';
import './error-state.css';
import '../empty-state/empty-state.css';

export interface ErrorStateProps {
  /** Default 'Une erreur est survenue'. */
  title?: string;
  /** What failed, in French (e.g. 'Impossible de charger les annonces', a problem's `detail`). */
  message?: ReactNode;
  /** Shows 'Réessayer'. */
  onRetry?: () => void;
  /** The retry is running: the button says 'Nouvel essai...' and ignores clicks. */
  retrying?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A failed load, announced to screen readers, with 'Réessayer'. */
export function ErrorState({
  title = 'Une erreur est survenue',
  message,
  onRetry,
  retrying = false,
  headingLevel = 2,
  className,
}: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={className ? `terres-error-state ${className}` : 'terres-error-state'} role="alert">
      <span className="terres-error-state__icon" aria-hidden="true">
        !
      </span>
      <Heading className="terres-error-state__title">{title}</Heading>
      {message ? <p className="terres-error-state__message">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} loading={retrying} loadingLabel="Nouvel essai...">
          Réessayer
        </Button>
      ) : null}
    </section>
  );
}
