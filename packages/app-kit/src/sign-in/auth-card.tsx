import { LogoMark } from '@terres/ui/logo-mark';
import type { ReactNode } from 'react';
import { texts } from '../texts';
import './sign-in.css';

export interface AuthCardProps {
  /** The page's h1. */
  title: ReactNode;
  /** A message above the content (why the session ended, an invitation's state). */
  notice?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/**
 * The public pages' layout (sign-in, registration, invitation, "not your app"): the product's
 * name, then one card centred on the page, readable from 320 px wide.
 */
export function AuthCard({ title, notice, children, footer }: AuthCardProps) {
  return (
    <div className="terres-auth">
      <header className="terres-auth__brand">
        <p className="terres-auth__product">
          <LogoMark size={40} />
          <span>{texts.productName}</span>
        </p>
        <p className="terres-auth__tagline">{texts.tagline}</p>
      </header>
      <main id="terres-main" className="terres-auth__card">
        <h1 className="terres-auth__title">{title}</h1>
        {notice ? (
          <div className="terres-auth__notice" role="status">
            {notice}
          </div>
        ) : null}
        {children}
        {footer}
      </main>
    </div>
  );
}
