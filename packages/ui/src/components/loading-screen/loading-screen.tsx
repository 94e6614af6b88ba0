import './loading-screen.css';
export interface LoadingScreenProps {
  /** Default 'Chargement...'. */
  label?: string;
  /** Fills the viewport (the route guard while the session loads, spec §4). */
  fullScreen?: boolean;
  className?: string;
}

/** A spinner with its text, announced politely to screen readers. */
export function LoadingScreen({ label = 'Chargement...', fullScreen = false, className }: LoadingScreenProps) {
  return (
    <div
      className={className ? `terres-loading-screen ${className}` : 'terres-loading-screen'}
      data-full-screen={fullScreen ? '' : undefined}
      role="status"
      aria-live="polite"
    >
      <span className="terres-loading-screen__spinner" aria-hidden="true" />
      <span className="terres-loading-screen__label">{label}</span>
    </div>
  );
}
