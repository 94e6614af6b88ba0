import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import './confirm-dialog.css';
import '../dialog/dialog.css';

export interface ConfirmDialogProps {
  title: ReactNode;
  /** What will happen ('Le collaborateur n’aura plus accès à la plateforme.'). */
  description?: ReactNode;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
  /** The element that opens the dialog; the focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Default 'Confirmer'. */
  confirmLabel?: string;
  /** Default 'Annuler'. */
  cancelLabel?: string;
  /** Text of the confirm button while it runs (e.g. 'Suppression...'). */
  loadingLabel?: string;
  /**
   * The action. When it returns a promise, the dialog stays open with the confirm button
   * busy until it settles: it closes on success and stays open on failure (the caller shows
   * the error: with `failureMessage`, in the dialog itself).
   */
  onConfirm: () => void | Promise<unknown>;
  /**
   * The French sentence to show in the dialog when the action's promise rejects (e.g. the API's
   * problem detail: 'Veuillez patienter une minute…'). The dialog stays open with it, announced,
   * until the next attempt or until it closes. A toast would sit behind the modal, unread.
   */
  failureMessage?: (error: unknown) => ReactNode;
  onCancel?: () => void;
  /** `danger`: a red confirm button, for destructive actions (archive, delete). */
  variant?: 'default' | 'danger';
  /** Forces the busy state (when the caller tracks the request itself). */
  loading?: boolean;
}

/**
 * A confirmation (Radix AlertDialog): 'Annuler' gets the focus first, Escape cancels, the
 * focus is trapped inside and returns to the trigger. While the action runs, the dialog
 * cannot be dismissed.
 */
export function ConfirmDialog({
  title,
  description,
  children,
  trigger,
  open,
  defaultOpen = false,
  onOpenChange,
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  loadingLabel,
  onConfirm,
  onCancel,
  variant = 'default',
  loading,
  failureMessage,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ReactNode>(null);
  const isOpen = open ?? ownOpen;
  const busy = Boolean(loading) || pending;

  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    setFailure(null);
    onOpenChange?.(next);
  };

  const confirm = () => {
    if (busy) return;
    setFailure(null);
    const result = onConfirm();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setPending(true);
      (result as Promise<unknown>).then(
        () => {
          setPending(false);
          setOpen(false);
        },
        (error: unknown) => {
          setPending(false);
          if (failureMessage) setFailure(failureMessage(error));
        },
      );
    } else if (!loading) {
      setOpen(false);
    }
  };

  return (
    <AlertDialogPrimitive.Root
      open={isOpen}
      onOpenChange={(next) => {
        if (busy && !next) return;
        if (!next) onCancel?.();
        setOpen(next);
      }}
    >
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="terres-confirm-dialog__overlay" />
        <AlertDialogPrimitive.Content
          className="terres-confirm-dialog"
          data-variant={variant}
          aria-busy={busy || undefined}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialogPrimitive.Title className="terres-confirm-dialog__title">{title}</AlertDialogPrimitive.Title>
          {description ? (
            <AlertDialogPrimitive.Description className="terres-confirm-dialog__description">
              {description}
            </AlertDialogPrimitive.Description>
          ) : null}
          {children}
          {failure ? (
            <Alert tone="danger" className="terres-confirm-dialog__failure">
              {failure}
            </Alert>
          ) : null}
          <div className="terres-confirm-dialog__footer">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button
              variant={variant === 'danger' ? 'danger' : 'primary'}
              loading={busy}
              loadingLabel={loadingLabel}
              onClick={confirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
