import './spinner.css';
export interface SpinnerProps {
  /** Text shown beside the spinner (e.g. 'Chargement...', 'Envoi...'); without it the spinner is decorative. */
  label?: string;
  /** 'sm' (1em, inline in text or a button), 'md' (1.5rem, default), 'lg' (2.5rem, a page). */
  size?: 'sm' | 'md' | 'lg';
  /**
   * Announce the label to screen readers (`role="status"`); default true when there is a label.
   * Turn it off inside a region that already announces itself.
   */
  announce?: boolean;
  className?: string;
}

/** Inline loading: a spinning ring in the brand colour, with an optional French label. */
export function Spinner({ label, size = 'md', announce = label !== undefined, className }: SpinnerProps) {
  const classes = className ? `terres-spinner ${className}` : 'terres-spinner';
  const ring = <span className="terres-spinner__ring" aria-hidden="true" />;
  if (!label) {
    return (
      <span className={classes} data-size={size} aria-hidden="true">
        {ring}
      </span>
    );
  }
  return (
    <span className={classes} data-size={size} role={announce ? 'status' : undefined}>
      {ring}
      <span className="terres-spinner__label">{label}</span>
    </span>
  );
}
