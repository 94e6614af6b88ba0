import { TOAST_DURATION_MS } from '@terres/domain';
import type * as ToastViewportModule from './toast-viewport';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

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

export interface ToastItem {
  id: string;
  variant: ToastVariant;
  title: ReactNode;
  description?: ReactNode;
  duration?: number;
  open: boolean;
}

const ToastContext = createContext<ToastApi | null>(null);

type ViewportModule = typeof ToastViewportModule;
let loadedViewport: ViewportModule | undefined;
let loadingViewport: Promise<ViewportModule> | undefined;

/**
 * Loads the toasts' display ahead of the first toast. `ToastProvider` does it by itself when a
 * toast is first shown; tests call it once so that a toast is on screen synchronously.
 */
export function preloadToasts(): Promise<ViewportModule> {
  loadingViewport ??= import('./toast-viewport').then((module) => (loadedViewport = module));
  return loadingViewport;
}

export interface ToastProviderProps {
  children?: ReactNode;
  /** Default time on screen: the spec's 5000 ms. */
  duration?: number;
  /** Name of the notifications region; '{hotkey}' is replaced by the shortcut (F8). */
  viewportLabel?: string;
}

/**
 * Holds the toasts of the app (Radix Toast). Put it once around the app; call
 * `useToast()` anywhere below it. The viewport is a landmark region named
 * 'Notifications (F8)' (F8 moves the focus there) and each toast is read out by a live
 * region. Toasts close after 5000 ms (paused while hovered or focused), with the 'Fermer'
 * button, Escape when focused, or a swipe to the right. The display (Radix Toast) loads with
 * the first toast, so a page that shows none does not carry it.
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

  // The forget timers still pending: cleared when the provider goes, so none fires after the page
  // (or a test's document) is gone.
  const forgetTimers = useRef(new Set<number>());
  useEffect(() => {
    const timers = forgetTimers.current;
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const close = useCallback((id: string) => {
    setToasts((current) => current.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
    // Leave time for the closing animation, then forget it.
    const timer = window.setTimeout(() => {
      forgetTimers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, 200);
    forgetTimers.current.add(timer);
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

  // Radix Toast arrives with the first toast (or at once if already loaded).
  const [viewport, setViewport] = useState<ViewportModule | undefined>(loadedViewport);
  const wanted = toasts.length > 0;
  useEffect(() => {
    if (!wanted || viewport) return;
    let live = true;
    void preloadToasts().then((module) => {
      if (live) setViewport(() => module);
    });
    return () => {
      live = false;
    };
  }, [wanted, viewport]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {viewport ? (
        <viewport.ToastViewport toasts={toasts} duration={duration} viewportLabel={viewportLabel} onClose={close} />
      ) : null}
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast.success('Invitation envoyée avec succès');` */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be called inside <ToastProvider>.');
  return api;
}
