import type { ReactNode } from 'react';
import './description-list.css';

export interface DescriptionItem {
  /** The field's name ('Adresse du chantier'). */
  term: ReactNode;
  /** Its value; null, undefined or '' shows `emptyText` (or the item's own). */
  description: ReactNode;
  /** What an empty value reads, e.g. 'Adresse non renseignée', 'Date non renseignée'. */
  emptyText?: string;
  /** Spans the whole width in the columns layout (a long address, a reason). */
  wide?: boolean;
}

export interface DescriptionListProps {
  items: readonly DescriptionItem[];
  /** 'columns' (default): term above value, in a grid of 2 columns (1 on a phone); 'rows': term beside value. */
  layout?: 'columns' | 'rows';
  /** Default '-'. */
  emptyText?: string;
  /** Accessible name of the list, when the page has no heading for it. */
  label?: string;
  className?: string;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '' || value === false;

/** The fields of a detail page ('Récapitulatif détaillé', 'Informations administratives') as a `<dl>`. */
export function DescriptionList({ items, layout = 'columns', emptyText = '-', label, className }: DescriptionListProps) {
  return (
    <dl className={className ? `terres-description-list ${className}` : 'terres-description-list'} data-layout={layout} aria-label={label}>
      {items.map((item, index) => {
        const empty = isEmpty(item.description);
        return (
          <div key={index} className="terres-description-list__item" data-wide={item.wide ? '' : undefined}>
            <dt className="terres-description-list__term">{item.term}</dt>
            <dd className="terres-description-list__description" data-empty={empty ? '' : undefined}>
              {empty ? (item.emptyText ?? emptyText) : item.description}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
