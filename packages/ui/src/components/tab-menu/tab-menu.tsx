import { AnchorLink, visibleForRole, type LinkComponent } from './link';

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

/**
 * A secondary menu of links shown as tabs (spec §2: listing detail and account tabs).
 * Links, not ARIA tabs: each entry is a page with its own URL, so the active one carries
 * `aria-current="page"`.
 */
export function TabMenu({ items, currentPath, label, role, linkComponent: Link = AnchorLink, className }: TabMenuProps) {
  const visible = items.filter((item) => visibleForRole(item.roles, role));
  return (
    <nav aria-label={label} className={className ? `terres-tab-menu ${className}` : 'terres-tab-menu'}>
      <ul className="terres-tab-menu__list">
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
