import { Fragment } from 'react';
import { texts } from '../texts';

export interface Detail {
  label: string;
  value: string | null | undefined;
}

/** A read view: label, value ('Non renseigné' when empty). */
export function DetailsList({ items }: { items: readonly Detail[] }) {
  return (
    <dl className="portal-details">
      {items.map(({ label, value }) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value && value.trim() !== '' ? value : <span className="portal-details__missing">{texts.notProvided}</span>}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
