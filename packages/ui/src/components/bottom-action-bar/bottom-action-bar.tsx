import { Button, type ButtonVariant } from '../button/button';
import { AnchorLink, type LinkComponent } from '../tab-menu/link';
import './bottom-action-bar.css';

export interface BottomActionBarBack {
  /** Default 'Revenir à la liste'. */
  label?: string;
  /** Default: back one page in the history. */
  onClick?: () => void;
}

export interface BottomActionBarNext {
  /** Default 'Suivant'; 'Soumettre mon annonce' makes it green. */
  label?: string;
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
  loadingLabel?: string;
  type?: 'button' | 'submit';
}

export interface BottomActionBarCenter {
  /** Default 'Archiver cette organisation'. */
  label?: string;
  onClick?: () => void;
  disabled?: boolean;
  variant?: ButtonVariant;
}

export interface BottomActionBarProps {
  /** The back button; `true` for the defaults. */
  back?: BottomActionBarBack | boolean;
  next?: BottomActionBarNext | boolean;
  center?: BottomActionBarCenter | boolean;
  /** Shows the help link to /help. */
  help?: boolean;
  helpHref?: string;
  linkComponent?: LinkComponent;
  /** Accessible name of the bar. */
  label?: string;
  className?: string;
}

export const BOTTOM_BAR_DEFAULTS = {
  back: 'Revenir à la liste',
  next: 'Suivant',
  center: 'Archiver cette organisation',
  submit: 'Soumettre mon annonce',
  help: 'Aide',
} as const;

const asObject = <T extends object>(value: T | boolean | undefined): T | null =>
  value === true ? ({} as T) : value ? value : null;

/**
 * The actions at the foot of a page (spec §2), at most 4xl wide: back, a centre action,
 * next (green when it submits the listing) and a help link.
 */
export function BottomActionBar({
  back,
  next,
  center,
  help = false,
  helpHref = '/help',
  linkComponent: Link = AnchorLink,
  label = 'Actions',
  className,
}: BottomActionBarProps) {
  const backProps = asObject(back);
  const nextProps = asObject(next);
  const centerProps = asObject(center);
  const nextLabel = nextProps?.label ?? BOTTOM_BAR_DEFAULTS.next;
  return (
    <div role="group" aria-label={label} className={className ? `terres-bottom-bar ${className}` : 'terres-bottom-bar'}>
      <div className="terres-bottom-bar__start">
        {backProps ? (
          <Button variant="secondary" onClick={backProps.onClick ?? (() => window.history.back())}>
            {backProps.label ?? BOTTOM_BAR_DEFAULTS.back}
          </Button>
        ) : null}
      </div>
      <div className="terres-bottom-bar__center">
        {centerProps ? (
          <Button variant={centerProps.variant ?? 'danger'} onClick={centerProps.onClick} disabled={centerProps.disabled}>
            {centerProps.label ?? BOTTOM_BAR_DEFAULTS.center}
          </Button>
        ) : null}
        {help ? (
          <Link href={helpHref} className="terres-bottom-bar__help">
            {BOTTOM_BAR_DEFAULTS.help}
          </Link>
        ) : null}
      </div>
      <div className="terres-bottom-bar__end">
        {nextProps ? (
          <Button
            variant={nextLabel === BOTTOM_BAR_DEFAULTS.submit ? 'success' : 'primary'}
            onClick={nextProps.onClick}
            disabled={nextProps.disabled}
            loading={nextProps.loading}
            loadingLabel={nextProps.loadingLabel}
            type={nextProps.type ?? 'button'}
          >
            {nextLabel}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
