import { typeLabel } from '@terres/domain';
import './type-badge.css';
import '../status-badge/status-badge.css';

export interface TypeBadgeProps {
  /** CUT shows DÉBLAIS (yellow), FILL shows REMBLAIS (red) (spec §4, §9). */
  type: string | null | undefined;
  className?: string;
}

export function TypeBadge({ type, className }: TypeBadgeProps) {
  const label = typeLabel(type);
  if (!label) return null;
  return (
    <span className={className ? `terres-type-badge ${className}` : 'terres-type-badge'} data-type={type}>
      {label}
    </span>
  );
}
