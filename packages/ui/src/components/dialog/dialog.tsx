import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactElement, ReactNode } from 'react';
import './dialog.css';

export const dialogSizes = ['sm', 'md', 'lg'] as const;
export type DialogSize = (typeof dialogSizes)[number];

export interface DialogProps {
  /** The dialog's title (names the dialog for screen readers). */
  title: ReactNode;
  /** A sentence under the title (describes the dialog). */
  description?: ReactNode;
  /** The body: a form, a choice... */
  children?: ReactNode;
  /** Buttons at the bottom (use `DialogClose` around a cancel button). */
  footer?: ReactNode;
  /** The element that opens the dialog (a `Button`); the focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  size?: DialogSize;
  /** Accessible name of the corner close button. */
  closeLabel?: string;
  /** Hide the corner close button (Escape still closes). */
  hideCloseButton?: boolean;
  className?: string;
}

/** Closes the dialog it sits in; wrap a button with `asChild` ('Annuler'). */
export const DialogClose = DialogPrimitive.Close;

function CloseIcon(): ReactNode {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A modal dialog (Radix Dialog): the focus moves into it and stays there, Escape or the
 * 'Fermer' button closes it, and the focus goes back to what opened it.
 */
export function Dialog({
  title,
  description,
  children,
  footer,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  size = 'md',
  closeLabel = 'Fermer',
  hideCloseButton = false,
  className,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="terres-dialog__overlay" />
        <DialogPrimitive.Content
          className={className ? `terres-dialog ${className}` : 'terres-dialog'}
          data-size={size}
          // Without a description, say so: Radix would otherwise point at a missing element.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="terres-dialog__header">
            <DialogPrimitive.Title className="terres-dialog__title">{title}</DialogPrimitive.Title>
            {hideCloseButton ? null : (
              <DialogPrimitive.Close className="terres-dialog__close" aria-label={closeLabel}>
                <CloseIcon />
              </DialogPrimitive.Close>
            )}
          </div>
          {description ? (
            <DialogPrimitive.Description className="terres-dialog__description">{description}</DialogPrimitive.Description>
          ) : null}
          {children ? <div className="terres-dialog__body">{children}</div> : null}
          {footer ? <div className="terres-dialog__footer">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
