import { useLayoutEffect, useState } from 'react';

/**
 * True while the element's content is wider than its box, so that it scrolls sideways (a table
 * on a phone). Such a box must then be reachable with Tab (axe `scrollable-region-focusable`):
 * callers give it `tabIndex={0}`, `role="region"` and a name only while it overflows, so a
 * table that fits adds no Tab stop. Returns a callback ref (the element may come and go, e.g.
 * after a loading state) and the flag.
 */
export function useOverflows<T extends HTMLElement>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    if (!element) {
      setOverflows(false);
      return;
    }
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const content = element.firstElementChild;
    if (content) observer.observe(content);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, overflows];
}
