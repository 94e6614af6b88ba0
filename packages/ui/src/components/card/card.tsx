import { useId, type ReactNode } from 'react';
import './card.css';

export interface CardProps {
  /** The section's heading ('Chantier', 'Matériaux'); it also names the section. */
  title?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons at the end of the title row ('Modifier', 'Télécharger le PDF'). */
  actions?: ReactNode;
  /** Content under a divider at the bottom ('Annuler' / 'Enregistrer'). */
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A titled panel of a detail or form page: a `<section>` named by its heading. */
export function Card({ title, headingLevel = 2, description, actions, footer, children, className }: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasHeader = Boolean(title || description || actions);
  return (
    <section className={className ? `terres-card ${className}` : 'terres-card'} aria-labelledby={title ? headingId : undefined}>
      {hasHeader ? (
        <header className="terres-card__header">
          <div className="terres-card__heading">
            {title ? (
              <Heading id={headingId} className="terres-card__title">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="terres-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="terres-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children !== undefined && children !== null ? <div className="terres-card__body">{children}</div> : null}
      {footer ? <footer className="terres-card__footer">{footer}</footer> : null}
    </section>
  );
}
