import { EmailAddress } from '@terres/ui/email-address';
import { Fragment } from 'react';
import { texts } from '../texts';

export interface Detail {
  label: string;
  value: string | null | undefined;
  /** An e-mail address: it wraps before its '@' and dots, never inside a name (`EmailAddress`). */
  email?: boolean;
}

/** A read view: label, value ('Non renseigné' when empty). */
export function DetailsList({ items }: { items: readonly Detail[] }) {
  return (
    <dl className="portal-details">
      {items.map(({ label, value, email }) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>
            {value && value.trim() !== '' ? (
              email ? (
                <EmailAddress address={value} />
              ) : (
                value
              )
            ) : (
              <span className="portal-details__missing">{texts.notProvided}</span>
            )}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
