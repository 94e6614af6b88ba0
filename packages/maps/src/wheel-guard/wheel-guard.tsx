// The scroll wheel scrolls the page, not the map (issue 21: pages with a map could not be
// scrolled past it). Over a map, the wheel zooms only with Ctrl (⌘ on a Mac; a touchpad's pinch
// sends the same) or once the map has been clicked, until the pointer leaves it; a plain wheel
// goes on scrolling the page and a hint says how to zoom. Both engines (Leaflet's MapView,
// maplibre's ParcelMap) listen to the wheel on their container: the guard, on the same element,
// stops the event first in the capture phase.
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import './wheel-guard.css';

export const WHEEL_ZOOM_HINT = 'Utilisez Ctrl + molette pour zoomer, ou cliquez d’abord sur la carte';
export const WHEEL_ZOOM_HINT_MAC = 'Utilisez ⌘ + molette pour zoomer, ou cliquez d’abord sur la carte';
/** How long the hint stays after the last plain wheel over the map. */
export const WHEEL_HINT_MS = 1500;

function isMac(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

/**
 * Guards the wheel over `target` (the element the map engine was given). Returns the hint to
 * render over the map, inside a positioned ancestor of `target`. `remount` changes when the
 * element is replaced (the guard then moves to the new one).
 */
export function useWheelGuard(target: RefObject<HTMLElement | null>, remount?: unknown): ReactNode {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let active = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (event: WheelEvent) => {
      if (active || event.ctrlKey || event.metaKey) return;
      // Neither the engine nor anything under it sees this wheel: the page scrolls.
      event.stopImmediatePropagation();
      setShown(true);
      clearTimeout(timer);
      timer = setTimeout(() => setShown(false), WHEEL_HINT_MS);
    };
    const activate = () => {
      active = true;
      clearTimeout(timer);
      setShown(false);
    };
    const deactivate = () => {
      active = false;
    };
    element.addEventListener('wheel', onWheel, { capture: true, passive: true });
    element.addEventListener('pointerdown', activate, { capture: true });
    element.addEventListener('pointerleave', deactivate);
    return () => {
      clearTimeout(timer);
      element.removeEventListener('wheel', onWheel, { capture: true });
      element.removeEventListener('pointerdown', activate, { capture: true });
      element.removeEventListener('pointerleave', deactivate);
    };
  }, [target, remount]);
  return (
    <div className="terres-map-wheel-hint" data-visible={shown ? '' : undefined} aria-hidden="true">
      <p className="terres-map-wheel-hint__text">{isMac() ? WHEEL_ZOOM_HINT_MAC : WHEEL_ZOOM_HINT}</p>
    </div>
  );
}
