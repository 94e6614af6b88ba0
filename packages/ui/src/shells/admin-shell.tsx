import type { ReactNode } from 'react';
import { Button } from '../components/button/button';
import { AnchorLink, type LinkComponent } from '../components/tab-menu/link';
import { isCurrentPath, TabMenu, type TabMenuItem } from '../components/tab-menu/tab-menu';
import { LogoMark } from './logo-mark';
import { UserMenu } from './user-menu';
import '../components/toast/toast.css';
import './shells.css';

export { UserMenu, type UserMenuProps } from './user-menu';

/** The admin sidebar's four entries (spec §2), and the transfers of issue 18. */
export const ADMIN_NAV_ITEMS: readonly TabMenuItem[] = [
  { href: '/admin/inquiries', label: 'Liste des annonces' },
  { href: '/admin/map', label: 'Carte des annonces' },
  { href: '/admin/organizations', label: 'Organisations' },
  { href: '/admin/soil-studies', label: 'Études de sol' },
  { href: '/admin/transfers', label: 'Transferts' },
];

/** The admin listing detail's secondary menu (spec §2). */
export function adminInquiryTabs(id: string): TabMenuItem[] {
  const base = `/admin/inquiry/details/${encodeURIComponent(id)}`;
  return [
    { href: `${base}/overview`, label: "Vue d'ensemble" },
    { href: `${base}/informations`, label: 'Informations administratives' },
    { href: `${base}/documents`, label: 'Documents' },
    { href: `${base}/management`, label: "Gestion de l'annonce" },
  ];
}

export interface BackBarLink {
  label: string;
  href: string;
}

/**
 * The fixed bottom back bar of admin details pages (spec §2): listing details go back to
 * the listings, any other details page to the organisations; null outside details pages.
 */
export function adminBackBar(pathname: string): BackBarLink | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'admin' || !segments.includes('details')) return null;
  if (segments[1] === 'inquiry' || segments[1] === 'inquiries') {
    return { label: 'Revenir à la liste des annonces', href: '/admin/inquiries' };
  }
  return { label: 'Revenir à la liste des organisations', href: '/admin/organizations' };
}

export interface AdminShellProps {
  /** The current path: marks the active sidebar entry and tab, and picks the back bar. */
  currentPath: string;
  /** The app's router link adapted to take `href` (see `LinkComponent`). */
  linkComponent?: LinkComponent;
  /** The page title, shown in the header as the page's h1. */
  title?: ReactNode;
  /** The user menu's first name (a person icon when empty). */
  firstName?: string | null;
  /** Shows the user menu ('Se déconnecter'). */
  onLogout?: () => void;
  /**
   * Where the header's 'Aide' link goes (the console's /help, spec §2 route table: admins have
   * the help page too); no link when absent.
   */
  helpHref?: string;
  /** The secondary tab menu (5rem), e.g. `{ label: 'Annonce', items: adminInquiryTabs(id) }`. */
  secondaryMenu?: { label: string; items: readonly TabMenuItem[] };
  /** 'auto' (default) follows `adminBackBar(currentPath)`; null hides it. */
  backBar?: BackBarLink | 'auto' | null;
  /** Below the sidebar's entries: the console's work-queue counters (issue 21). */
  sidebarExtra?: ReactNode;
  /** In the header, before the user menu: the notifications' bell (issue 21). */
  notifications?: ReactNode;
  children?: ReactNode;
}

/** Admin layout (spec §2): sidebar 7rem, header 6.25rem, optional secondary menu, back bar. */
export function AdminShell({
  currentPath,
  linkComponent: Link = AnchorLink,
  title,
  firstName,
  onLogout,
  helpHref,
  secondaryMenu,
  backBar = 'auto',
  sidebarExtra,
  notifications,
  children,
}: AdminShellProps) {
  const back = backBar === 'auto' ? adminBackBar(currentPath) : backBar;
  return (
    <div className="terres-shell terres-admin-shell" data-back-bar={back ? '' : undefined}>
      <a className="terres-shell__skip" href="#terres-main">
        Aller au contenu
      </a>
      <aside className="terres-admin-shell__sidebar">
        <Link href="/admin/inquiries" className="terres-shell__brand">
          <LogoMark />
          <span>Bourse aux terres</span>
        </Link>
        <nav aria-label="Navigation principale">
          <ul className="terres-admin-shell__nav">
            {ADMIN_NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className="terres-admin-shell__nav-link"
                  aria-current={isCurrentPath(currentPath, item.href) ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {sidebarExtra}
      </aside>
      <header className="terres-admin-shell__header">
        <div className="terres-shell__title">{title ? <h1>{title}</h1> : null}</div>
        <div className="terres-admin-shell__header-actions">
          {helpHref ? (
            <Button asChild variant="ghost" size="sm">
              <Link href={helpHref} aria-current={isCurrentPath(currentPath, helpHref) ? 'page' : undefined}>
                Aide
              </Link>
            </Button>
          ) : null}
          {notifications}
          {onLogout ? <UserMenu firstName={firstName} onLogout={onLogout} /> : null}
        </div>
      </header>
      <div className="terres-admin-shell__body">
        {secondaryMenu ? (
          <TabMenu
            label={secondaryMenu.label}
            items={secondaryMenu.items}
            currentPath={currentPath}
            linkComponent={Link}
            role="ADMIN"
          />
        ) : null}
        <main id="terres-main" tabIndex={-1} className="terres-shell__main">
          {children}
        </main>
      </div>
      {back ? (
        <nav aria-label="Retour" className="terres-admin-shell__back-bar">
          <Button asChild variant="secondary">
            <Link href={back.href}>{back.label}</Link>
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
