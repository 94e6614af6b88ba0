import { Fragment } from 'react';
import './email-address.css';

/**
 * Where a line may break in an e-mail address: before the '@' and before each '.', so
 * 'camille.dupont-hoffmann@terrassements-rhenans.fr' wraps as 'camille.dupont-hoffmann' /
 * '@terrassements-rhenans' / '.fr', never in the middle of a name.
 */
export function emailParts(address: string): string[] {
  return address.split(/(?=[@.])/);
}

export interface EmailAddressProps {
  address: string;
  className?: string;
}

/**
 * An e-mail address that wraps at sensible points (`emailParts`, with <wbr>) on a narrow screen.
 * Only a part still wider than the line breaks inside itself (CSS), so the text around it keeps
 * its words whole.
 */
export function EmailAddress({ address, className }: EmailAddressProps) {
  const parts = emailParts(address);
  return (
    <span className={className ? `terres-email ${className}` : 'terres-email'}>
      {parts.map((part, index) => (
        // The parts of one fixed string: their index is their identity.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
