import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { AppLink, useAuth } from '@terres/app-kit';
import { NotificationCenter } from '@terres/app-kit/notifications';
import type { TabMenuItem } from '@terres/ui/tab-menu';
import { UserShell, type UserBackBar } from '@terres/ui/user-shell';
import type { ReactNode } from 'react';
import { myOrganizationQueryOptions, useCreditsUpdatedEvent } from '../lib/my-organization';

export interface PortalShellProps {
  /** The page's h1. */
  title?: ReactNode;
  secondaryMenu?: { label: string; items: readonly TabMenuItem[] };
  backBar?: UserBackBar | 'auto' | null;
  children?: ReactNode;
}

const BALANCE_STALE_MS = 5_000;

/**
 * The owner and employee layout (spec §2): the header with the organisation's balance, 'Mon
 * Compte', the owner's 'Acheter des crédits', the notifications' bell (issue 21) and the user menu; the back bar where the spec
 * puts it. 'Se déconnecter' clears the session and goes to /login (the balance goes with it).
 */
export function PortalShell({ title, secondaryMenu, backBar = 'auto', children }: PortalShellProps) {
  const { user, auth } = useAuth();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The balance changes outside this tab (an admin's grant, a payment, a validation's debit):
  // the header reads it again when the user comes back to the tab and on each page opened more
  // than 5 s after the last read (issue 21: it stayed stale after a grant).
  const organization = useQuery({
    ...myOrganizationQueryOptions(),
    enabled: user !== null,
    staleTime: BALANCE_STALE_MS,
    refetchOnWindowFocus: 'always',
  });
  useCreditsUpdatedEvent();
  return (
    <UserShell
      currentPath={pathname}
      linkComponent={AppLink}
      role={user?.role}
      firstName={user?.firstName ?? ''}
      creditBalance={organization.data?.creditBalance ?? 0}
      onLogout={() => {
        void auth.signOut().then(() => navigate({ to: '/login', replace: true }));
      }}
      backBar={backBar}
      notifications={user ? <NotificationCenter settingsHref="/user/account/notifications" /> : null}
      {...(title === undefined ? {} : { title })}
      {...(secondaryMenu ? { secondaryMenu } : {})}
    >
      {children}
    </UserShell>
  );
}
