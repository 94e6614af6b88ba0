import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

/**
 * Code a component needs only once the user reaches for it (a menu's Radix code, about 20 KB
 * gzip): loaded when the browser is idle after the page has been drawn, or at once on the user's
 * intent (pointer over it, focus, press), so a first visit's page does not wait for it (issue
 * 23). Declare one per module, at module level: `const menu = deferredModule(() => import('./x'))`.
 */
export interface DeferredModule<T> {
  /** Starts loading (once; a failed load is tried again at the next call). */
  load(): Promise<T>;
  /** The module once loaded. */
  loaded(): T | undefined;
}

export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load() {
      pending ??= importer().then(
        (module) => (value = module),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * The module once loaded (undefined until then), and `request()` to load it now (the user's
 * intent). Without a request it loads when the browser is next idle after the component mounted.
 */
export function useDeferredModule<T>(module: DeferredModule<T>): [T | undefined, () => void] {
  const [value, setValue] = useState<T | undefined>(() => module.loaded());
  const request = useCallback(() => {
    module.load().then(
      (loaded) => setValue(() => loaded),
      () => undefined,
    );
  }, [module]);
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    const start = () => {
      module.load().then(
        (loaded) => {
          if (live) setValue(() => loaded);
        },
        () => undefined,
      );
    };
    const idle = window as IdleWindow;
    if (idle.requestIdleCallback) {
      const handle = idle.requestIdleCallback(start, { timeout: 2000 });
      return () => {
        live = false;
        idle.cancelIdleCallback?.(handle);
      };
    }
    const handle = setTimeout(start, 200);
    return () => {
      live = false;
      clearTimeout(handle);
    };
  }, [module, value]);
  return [value, request];
}

/** The button drawn until a deferred menu's or dialog's code has loaded: what it does then. */
export interface DeferredTrigger<T> {
  /** The loaded module, once there: render its part instead of the button. */
  module: T | undefined;
  /** The loaded part opens at once: the user pressed the button before the code was there. */
  openAtLoad: boolean;
  /** The loaded part's trigger takes the focus: the button had it (and was not pressed). */
  focusAtLoad: boolean;
  /**
   * The button was pressed with a key (Enter, Space, ArrowDown): the loaded menu focuses its first
   * item, as Radix does for a menu opened by a key (`useFirstItemFocusAtLoad`). Radix saw no key: it
   * was not there yet.
   */
  keyboardAtLoad: boolean;
  /** The button's handlers: the pointer or the focus loads the code, a press opens it on arrival. */
  buttonProps: {
    onPointerEnter: () => void;
    onPointerDown: (event: ReactPointerEvent) => void;
    onFocus: () => void;
    onBlur: () => void;
    onClick: () => void;
    onKeyDown: (event: ReactKeyboardEvent) => void;
  };
}

/**
 * For a menu or a dialog whose code is deferred: its button is drawn at once with `buttonProps`
 * (the same look and name as the loaded trigger), and the loaded part replaces it, opened or
 * focused as the user left the button. A press opens it as Radix's triggers do: the pointer's
 * press (the code may arrive before the release), Enter or Space, and ArrowDown for a menu.
 * `onOpen` runs at the first press (the loaded part is then opened without its own event).
 */
export function useDeferredTrigger<T>(module: DeferredModule<T>, options: { menu?: boolean; onOpen?: () => void } = {}): DeferredTrigger<T> {
  const [loaded, request] = useDeferredModule(module);
  const [openAtLoad, setOpenAtLoad] = useState(false);
  const [keyboardAtLoad, setKeyboardAtLoad] = useState(false);
  const focused = useRef(false);
  const open = () => {
    if (!openAtLoad) options.onOpen?.();
    setOpenAtLoad(true);
    request();
  };
  return {
    module: loaded,
    openAtLoad,
    focusAtLoad: focused.current && !openAtLoad,
    keyboardAtLoad,
    buttonProps: {
      onPointerEnter: request,
      onPointerDown: (event) => {
        if (event.button === 0 && !event.ctrlKey) open();
      },
      onFocus: () => {
        focused.current = true;
        request();
      },
      onBlur: () => {
        focused.current = false;
      },
      onClick: open,
      onKeyDown: (event) => {
        if (event.key === 'Enter' || event.key === ' ' || (options.menu && event.key === 'ArrowDown')) {
          event.preventDefault();
          setKeyboardAtLoad(true);
          open();
        }
      },
    },
  };
}

/** In a deferred part: focus its trigger once, when it replaces a button that had the focus. */
export function useFocusAtLoad(trigger: RefObject<HTMLElement | null>, focus: boolean): void {
  const atLoad = useRef(focus);
  useEffect(() => {
    if (atLoad.current) trigger.current?.focus();
  }, [trigger]);
}
