import type { ReactNode } from 'react';
import './alert.css';

export const alertTones = ['info', 'success', 'warning', 'danger'] as const;
export type AlertTone = (typeof alertTones)[number];

export interface AlertProps {
  /** 'info' (default), 'success', 'warning' ('Achat annulé...'), 'danger' (a refusal, a failed load). */
  tone?: AlertTone;
  /** A short bold line above the message. */
  title?: ReactNode;
  /** The message, in French. */
  children?: ReactNode;
  /** An action beside the message ('Réessayer', a link). */
  action?: ReactNode;
  /** Shows a 'Fermer' button. */
  onDismiss?: () => void;
  /**
   * How screen readers hear it when it appears: 'assertive' (`role="alert"`, default for warning
   * and danger), 'polite' (`role="status"`, default for info and success), or 'off' for a banner
   * that is part of the page from the start and needs no announcement.
   */
  live?: 'assertive' | 'polite' | 'off';
  className?: string;
}

const ICONS: Record<AlertTone, string> = { info: 'i', success: '✓', warning: '!', danger: '!' };

/**
 * A banner in the page: the onboarding errors in red, the 'Achat annulé' warning, a refusal
 * reason, a map that cannot load. Colour is never the only sign: the icon and the text say it.
 */
export function Alert({ tone = 'info', title, children, action, onDismiss, live, className }: AlertProps) {
  const mode = live ?? (tone === 'warning' || tone === 'danger' ? 'assertive' : 'polite');
  const role = mode === 'assertive' ? 'alert' : mode === 'polite' ? 'status' : undefined;
  return (
    <div className={className ? `terres-alert ${className}` : 'terres-alert'} data-tone={tone} role={role}>
      <span className="terres-alert__icon" aria-hidden="true">
        {ICONS[tone]}
      </span>
      <div className="terres-alert__body">
        {title ? <p className="terres-alert__title">{title}</p> : null}
        {children ? <div className="terres-alert__message">{children}</div> : null}
      </div>
      {action ? <div className="terres-alert__action">{action}</div> : null}
      {onDismiss ? (
        <button type="button" className="terres-alert__close" onClick={onDismiss} aria-label="Fermer">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
