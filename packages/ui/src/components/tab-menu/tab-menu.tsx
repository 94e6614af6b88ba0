import { useLayoutEffect, useRef } from 'react';
import { AnchorLink, visibleForRole, type LinkComponent } from './link';
import './tab-menu.css';

export type { LinkComponent, LinkComponentProps } from './link';
export { AnchorLink, visibleForRole } from './link';

export interface TabMenuItem {
  href: string;
  label: string;
  /** Roles allowed to see the item (any case); none: everyone (spec §6). */
  roles?: readonly string[];
}

export interface TabMenuProps {
  items: readonly TabMenuItem[];
  /** The current path: the item whose href it equals (or starts with `href/`) is active. */
  currentPath: string;
  /** Accessible name of the menu, e.g. 'Annonce' or 'Mon compte'. */
  label: string;
  /** The signed-in user's role; items with `roles` are filtered by it. */
  role?: string | null;
  linkComponent?: LinkComponent;
  className?: string;
}

export function isCurrentPath(currentPath: string, href: string): boolean {
  const path = currentPath.replace(/\/+$/, '');
  const target = href.replace(/\/+$/, '');
  return path === target || path.startsWith(`${target}/`);
}

/** Columns of the phone layout: up to 3 tabs side by side, 4 as two rows of two, more in threes. */
export function phoneColumns(count: number): number {
  if (count <= 3) return Math.max(1, count);
  return count === 4 ? 2 : 3;
}

/**
 * A secondary menu of links shown as tabs (spec §2: listing detail and account tabs).
 * Links, not ARIA tabs: each entry is a page with its own URL, so the active one carries
 * `aria-current="page"`. On a phone the tabs share the width in equal columns and their
 * labels wrap, so every label is read whole ('Vue d'ensemble', 'Récapitulatif détaillé').
 */
export function TabMenu({ items, currentPath, label, role, linkComponent: Link = AnchorLink, className }: TabMenuProps) {
  const visible = items.filter((item) => visibleForRole(item.roles, role));
  const listRef = useRef<HTMLUListElement>(null);
  // On a narrow screen the row scrolls: bring the current tab into view (sideways only).
  useLayoutEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    // The list is positioned (tab-menu.css): offsetLeft is measured from its left edge.
    const left = current.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - (list.clientWidth - current.offsetWidth) / 2);
    }
  }, [currentPath]);
  return (
    <nav aria-label={label} className={className ? `terres-tab-menu ${className}` : 'terres-tab-menu'}>
      <ul className="terres-tab-menu__list" ref={listRef} data-phone-columns={phoneColumns(visible.length)}>
        {visible.map((item) => {
          const current = isCurrentPath(currentPath, item.href);
          return (
            <li key={item.href} className="terres-tab-menu__item">
              <Link href={item.href} className="terres-tab-menu__link" aria-current={current ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
