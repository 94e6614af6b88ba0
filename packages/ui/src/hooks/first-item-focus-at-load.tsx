import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/**
 * For a deferred menu (Radix DropdownMenu), what to put first inside its content: when the menu
 * opens at load because the user pressed its button with a key (`keyboardAtLoad` of
 * `useDeferredTrigger`), its first item takes the focus, so a second Enter chooses it, as in a
 * menu Radix opened from the keyboard itself. Radix saw no key (its code was not there yet) and
 * focuses the content instead, where Enter does nothing. Once, at the first opening: later ones
 * are Radix's own.
 */
export function useFirstItemFocusAtLoad(keyboardAtLoad: boolean): ReactNode {
  const pending = useRef(keyboardAtLoad);
  return pending.current ? <FirstItemFocus pending={pending} /> : null;
}

/** Its effect runs before the one of Radix's focus scope around it, which then leaves the focus where it is. */
function FirstItemFocus({ pending }: { pending: RefObject<boolean> }) {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    const menu = marker.current?.closest('[role="menu"]');
    menu?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
  }, [pending]);
  return <span ref={marker} hidden />;
}
