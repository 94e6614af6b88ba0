import { Slot } from '@radix-ui/react-slot';
import type { ComponentPropsWithRef, MouseEvent } from 'react';
import './button.css';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger', 'success'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];

export const buttonSizes = ['sm', 'md', 'lg'] as const;
export type ButtonSize = (typeof buttonSizes)[number];

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** Visual role. `success` is the green submit ('Soumettre mon annonce'). */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (a link, a router `Link`) with the button's look instead of a `<button>`. */
  asChild?: boolean;
  /** A request is running: the button stays focusable but ignores clicks and says it is busy. */
  loading?: boolean;
  /** Text shown while loading, in French, chosen by the caller (e.g. 'Envoi...', 'Vérification...'). */
  loadingLabel?: string;
  fullWidth?: boolean;
}

/**
 * The platform's button. Styles come from button.css, imported here (class `terres-button`,
 * `data-variant`, `data-size`). While `loading`, it keeps the focus (aria-disabled rather
 * than disabled) so keyboard and screen-reader users do not lose their place.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  loading = false,
  loadingLabel,
  fullWidth = false,
  disabled,
  className,
  children,
  onClick,
  type,
  ...rest
}: ButtonProps) {
  const inactive = Boolean(disabled) || loading;
  const classes = className ? `terres-button ${className}` : 'terres-button';

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (inactive) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  const shared = {
    ...rest,
    className: classes,
    'data-variant': variant,
    'data-size': size,
    'data-full-width': fullWidth ? '' : undefined,
    'aria-busy': loading || undefined,
    onClick: handleClick,
  };

  if (asChild) {
    // A link has no `disabled`: announce it and block the click instead.
    return (
      <Slot {...shared} aria-disabled={inactive || undefined}>
        {children}
      </Slot>
    );
  }

  return (
    <button
      {...shared}
      type={type ?? 'button'}
      disabled={disabled}
      aria-disabled={loading || undefined}
    >
      {loading ? <span className="terres-button__spinner" aria-hidden="true" /> : null}
      {loading && loadingLabel ? loadingLabel : children}
    </button>
  );
}
