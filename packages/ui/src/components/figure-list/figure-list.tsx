import type { ReactNode } from 'react';
import './figure-list.css';

export interface Figure {
  /** What the figure counts ('Volume parti', 'Chargements'). */
  term: ReactNode;
  /** The figure, formatted ('1 240 m³'). */
  value: ReactNode;
}

export interface FigureListProps {
  figures: readonly Figure[];
  /** Accessible name of the list ('Bilan du transfert'). */
  label: string;
  className?: string;
}

/** Key figures as tiles, a term over its value in large type: a transfer's mass balance, a queue's totals. */
export function FigureList({ figures, label, className }: FigureListProps) {
  return (
    <dl className={className ? `terres-figure-list ${className}` : 'terres-figure-list'} aria-label={label}>
      {figures.map((figure, index) => (
        <div key={index} className="terres-figure-list__item">
          <dt className="terres-figure-list__term">{figure.term}</dt>
          <dd className="terres-figure-list__value">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
