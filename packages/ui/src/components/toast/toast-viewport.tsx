// The toasts on screen (Radix Toast), apart from the provider so that the page a visitor opens
// first (/login) does not load Radix Toast before the first toast: `ToastProvider` loads this
// module when a toast is first shown (or when `preloadToasts()` is called).
import * as ToastPrimitive from '@radix-ui/react-toast';
import type { ReactNode } from 'react';
import type { ToastItem, ToastVariant } from './toast';
import './toast.css';

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

export interface ToastViewportProps {
  toasts: ToastItem[];
  duration: number;
  viewportLabel: string;
  onClose: (id: string) => void;
}

export function ToastViewport({ toasts, duration, viewportLabel, onClose }: ToastViewportProps) {
  return (
    <ToastPrimitive.Provider duration={duration} label="Notification" swipeDirection="right">
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          className="terres-toast"
          data-variant={toast.variant}
          type={TYPE[toast.variant]}
          duration={toast.duration}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) onClose(toast.id);
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
  );
}
