import { formatCredits, normalizeRole } from '@terres/domain';
import type { ReactNode } from 'react';
import { Button } from '../components/button/button';
import { AnchorLink, type LinkComponent } from '../components/tab-menu/link';
import { TabMenu, type TabMenuItem } from '../components/tab-menu/tab-menu';
import { LogoMark } from './logo-mark';
import { UserMenu } from './user-menu';
import './shells.css';

/** The account tabs (spec §2); 'Collaborateurs' is for owners only. */
export const USER_ACCOUNT_TABS: readonly TabMenuItem[] = [
  { href: '/user/account/informations', label: 'Mes informations' },
  { href: '/user/account/organization', label: 'Mon organisation' },
  { href: '/user/account/collaborators', label: 'Collaborateurs', roles: ['owner'] },
  { href: '/user/account/bills', label: 'Factures' },
  // Issue 18 (the spec's four tabs first).
  { href: '/user/account/carriers', label: 'Transporteurs' },
  // Issue 19: each organisation downloads its own register lines.
  { href: '/user/account/register', label: 'Registre' },
  // Issue 21: the e-mail preferences per kind of notification.
  { href: '/user/account/notifications', label: 'Notifications' },
];

/** The user listing detail tabs (spec §2). */
export function userInquiryTabs(id: string): TabMenuItem[] {
  const base = `/user/inquiry/details/${encodeURIComponent(id)}`;
  return [
    { href: `${base}/overview`, label: "Vue d'ensemble" },
    { href: `${base}/informations`, label: 'Récapitulatif détaillé' },
    { href: `${base}/documents`, label: 'Documents' },
  ];
}

export interface UserBackBar {
  /** Shows the help button next to 'Revenir à mes annonces'. */
  help: boolean;
}

/**
 * The 'Revenir à mes annonces' bar (spec §2): with the help button on detail, account and
 * credits-buy pages, without it on the help page, none elsewhere.
 */
export function userBackBar(pathname: string): UserBackBar | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/help') return { help: false };
  if (path.startsWith('/user/inquiry/details/') || path === '/user/account' || path.startsWith('/user/account/') || path === '/credits/buy') {
    return { help: true };
  }
  return null;
}

export interface UserShellProps {
  currentPath: string;
  linkComponent?: LinkComponent;
  /** 'owner' or 'employee', any case: owners also get 'Acheter des crédits'. */
  role: string | null | undefined;
  /** The user menu's first name; empty or missing before the profile is filled. */
  firstName: string | null | undefined;
  /** The organisation's credit balance; a non-number shows 0. */
  creditBalance: number | null | undefined;
  onLogout: () => void;
  /** A secondary tab menu, e.g. `{ label: 'Mon compte', items: USER_ACCOUNT_TABS }`. */
  secondaryMenu?: { label: string; items: readonly TabMenuItem[] };
  /** 'auto' (default) follows `userBackBar(currentPath)`; null hides it. */
  backBar?: UserBackBar | 'auto' | null;
  /** The page title, as the page's h1 (above the secondary menu, inside `main`). */
  title?: ReactNode;
  /** Beside the user menu: the notifications' bell (issue 21). */
  notifications?: ReactNode;
  children?: ReactNode;
}

/** Owner and employee layout (spec §2): top bar, back bar, optional tab menu. */
export function UserShell({
  currentPath,
  linkComponent: Link = AnchorLink,
  role,
  firstName,
  creditBalance,
  onLogout,
  secondaryMenu,
  backBar = 'auto',
  title,
  notifications,
  children,
}: UserShellProps) {
  const isOwner = normalizeRole(role) === 'OWNER';
  const balance = typeof creditBalance === 'number' && Number.isFinite(creditBalance) ? creditBalance : 0;
  const back = backBar === 'auto' ? userBackBar(currentPath) : backBar;
  return (
    <div className="terres-shell terres-user-shell">
      <a className="terres-shell__skip" href="#terres-main">
        Aller au contenu
      </a>
      <header className="terres-user-shell__header">
        <Link href="/dashboard" className="terres-shell__brand">
          <LogoMark />
          <span>Bourse aux terres</span>
        </Link>
        {/* On a phone the menu sits beside the brand and this bar takes the second row. */}
        <nav aria-label="Mon espace" className="terres-user-shell__actions">
          <p className="terres-user-shell__balance">
            <span>Solde :</span> <strong>{formatCredits(balance)}</strong>
          </p>
          <Link href="/user/transfers" className="terres-user-shell__link">
            Transferts
          </Link>
          <Link href="/user/account/informations" className="terres-user-shell__link">
            Mon Compte
          </Link>
          {isOwner ? (
            <Button asChild size="sm">
              <Link href="/credits/buy">Acheter des crédits</Link>
            </Button>
          ) : null}
        </nav>
        <div className="terres-user-shell__end">
          {notifications}
          <UserMenu firstName={firstName} onLogout={onLogout} />
        </div>
      </header>
      {back ? (
        <nav aria-label="Retour" className="terres-user-shell__back-bar">
          <Button asChild variant="ghost" size="sm">
            <Link href="/dashboard">Revenir à mes annonces</Link>
          </Button>
          {back.help ? (
            <Button asChild variant="secondary" size="sm">
              <Link href="/help">Aide</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
      {/* The title and the page's tabs belong to the page: inside main, where 'Aller au
          contenu' lands (axe: all content in landmarks, the h1 in main). */}
      <main id="terres-main" tabIndex={-1} className="terres-user-shell__body">
        {title ? <h1 className="terres-user-shell__title">{title}</h1> : null}
        {secondaryMenu ? (
          <TabMenu
            label={secondaryMenu.label}
            items={secondaryMenu.items}
            currentPath={currentPath}
            role={role}
            linkComponent={Link}
          />
        ) : null}
        <div className="terres-shell__main">{children}</div>
      </main>
    </div>
  );
}
