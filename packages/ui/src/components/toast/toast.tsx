import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS } from '@terres/domain';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export const toastVariants = ['success', 'error', 'info', 'warning'] as const;
export type ToastVariant = (typeof toastVariants)[number];

export interface ToastOptions {
  /** Milliseconds before it closes; default the provider's (5000). */
  duration?: number;
}

type Show = (title: ReactNode, description?: ReactNode, options?: ToastOptions) => string;

export interface ToastApi {
  success: Show;
  error: Show;
  info: Show;
  warning: Show;
  /** Closes one toast (by the id `success`/`error`/... returned), or all of them. */
  dismiss: (id?: string) => void;
}

interface ToastItem {
  id: string;
  variant: ToastVariant;
  title: ReactNode;
  description?: ReactNode;
  duration?: number;
  open: boolean;
}

const ToastContext = createContext<ToastApi | null>(null);

export interface ToastProviderProps {
  children?: ReactNode;
  /** Default time on screen: the spec's 5000 ms. */
  duration?: number;
  /** Name of the notifications region; '{hotkey}' is replaced by the shortcut (F8). */
  viewportLabel?: string;
}

// Errors and warnings interrupt the screen reader; successes and infos wait their turn.
const TYPE: Record<ToastVariant, 'foreground' | 'background'> = {
  success: 'background',
  info: 'background',
  error: 'foreground',
  warning: 'foreground',
};

const ICON_PATH: Record<ToastVariant, string> = {
  success: 'M5 10.5l3 3 7-7',
  error: 'M6.5 6.5l7 7M13.5 6.5l-7 7',
  info: 'M10 9v5M10 6.2v.1',
  warning: 'M10 5.5v5M10 13.8v.1',
};

function CloseIcon(): ReactNode {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Holds the toasts of the app (Radix Toast). Put it once around the app; call
 * `useToast()` anywhere below it. The viewport is a landmark region named
 * 'Notifications (F8)' (F8 moves the focus there) and each toast is read out by a live
 * region. Toasts close after 5000 ms (paused while hovered or focused), with the 'Fermer'
 * button, Escape when focused, or a swipe to the right.
 */
export function ToastProvider({
  children,
  duration = TOAST_DURATION_MS,
  viewportLabel = 'Notifications ({hotkey})',
}: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const counter = useRef(0);

  const show = useCallback(
    (variant: ToastVariant): Show =>
      (title, description, options) => {
        counter.current += 1;
        const id = `terres-toast-${counter.current}`;
        setToasts((current) => [...current, { id, variant, title, description, duration: options?.duration, open: true }]);
        return id;
      },
    [],
  );

  const close = useCallback((id: string) => {
    setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
    // Leave time for the closing animation, then forget it.
    window.setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), 200);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: show('success'),
      error: show('error'),
      info: show('info'),
      warning: show('warning'),
      dismiss: (id) => {
        setToasts((current) => current.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
      },
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider duration={duration} label="Notification" swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <ToastPrimitive.Root
            key={toast.id}
            className="terres-toast"
            data-variant={toast.variant}
            type={TYPE[toast.variant]}
            duration={toast.duration}
            open={toast.open}
            onOpenChange={(open) => {
              if (!open) close(toast.id);
            }}
          >
            <svg className="terres-toast__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path d={ICON_PATH[toast.variant]} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <div className="terres-toast__text">
              <ToastPrimitive.Title className="terres-toast__title">{toast.title}</ToastPrimitive.Title>
              {toast.description ? (
                <ToastPrimitive.Description className="terres-toast__description">{toast.description}</ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close className="terres-toast__close" aria-label="Fermer">
              <CloseIcon />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ))}
        <ToastPrimitive.Viewport className="terres-toast__viewport" label={viewportLabel} />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.success('Invitation envoyée avec succès');` */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be called inside <ToastProvider>.');
  return api;
}
