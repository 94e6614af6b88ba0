import type { ReactNode } from 'react';
import './empty-state.css';
import '../error-state/error-state.css';

export interface EmptyStateProps {
  /** e.g. "Vous n'avez pas encore créé d'annonce". */
  title: string;
  description?: ReactNode;
  /** A button or link (e.g. 'Créer une annonce', 'Acheter des crédits'). */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Nothing to show yet, and what to do about it. */
export function EmptyState({ title, description, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={className ? `terres-empty-state ${className}` : 'terres-empty-state'}>
      <span className="terres-empty-state__icon" aria-hidden="true" />
      <Heading className="terres-empty-state__title">{title}</Heading>
      {description ? <div className="terres-empty-state__description">{description}</div> : null}
      {action ? <div className="terres-empty-state__action">{action}</div> : null}
    </section>
  );
}
