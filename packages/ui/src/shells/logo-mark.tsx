import { logoShapes } from '../tokens/tokens';
import './logo-mark.css';

/** The logo mark (@terres/ui/tokens' shapes) beside the product's name; decorative, the name says it. */
export function LogoMark({ size = 28, className }: { size?: number; className?: string }) {
  return (
    <svg className={className ? `terres-logo-mark ${className}` : 'terres-logo-mark'} viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      {logoShapes.map((shape) => (
        <path key={shape.d} d={shape.d} fill={shape.fill} fillOpacity={shape.opacity} />
      ))}
    </svg>
  );
}
