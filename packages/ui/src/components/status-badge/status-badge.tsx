import { statusBadge, statusLabel } from '@terres/domain';
import './status-badge.css';
import '../type-badge/type-badge.css';

export interface StatusBadgeProps {
  status: string | null | undefined;
  /**
   * `badge` (default): the listing detail badge of spec §4 (pending, refused, validated,
   * anything else 'Statut inconnu'). `label`: every status's own label (tables, admin).
   */
  mode?: 'badge' | 'label';
  className?: string;
}

/** A listing's status as a coloured badge; the text alone carries the meaning. */
export function StatusBadge({ status, mode = 'badge', className }: StatusBadgeProps) {
  const badge = statusBadge(status);
  const label = mode === 'label' ? statusLabel(status) : badge.label;
  return (
    <span className={className ? `terres-status-badge ${className}` : 'terres-status-badge'} data-tone={badge.tone}>
      {label}
    </span>
  );
}
