import type { ReactNode } from 'react';
import './forms.css';

export interface BannerProps {
  /** The headline (e.g. 'Erreur lors de la création de votre organisation'). */
  title: ReactNode;
  /** Why, in French (the server's detail), when known. */
  detail?: ReactNode;
  /** A retry button or a link. */
  action?: ReactNode;
  tone?: 'danger' | 'warning';
}

/** A message across the page (spec §8 "red banner"), announced to screen readers. */
export function Banner({ title, detail, action, tone = 'danger' }: BannerProps) {
  return (
    <div className="portal-banner" data-tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      <p className="portal-banner__title">{title}</p>
      {detail ? <p className="portal-banner__detail">{detail}</p> : null}
      {action ? <div className="portal-banner__action">{action}</div> : null}
    </div>
  );
}
