import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { AppLink, useAuth } from '@terres/app-kit';
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

/**
 * The owner and employee layout (spec §2): the header with the organisation's balance, 'Mon
 * Compte', the owner's 'Acheter des crédits' and the user menu; the back bar where the spec
 * puts it. 'Se déconnecter' clears the session and goes to /login (the balance goes with it).
 */
export function PortalShell({ title, secondaryMenu, backBar = 'auto', children }: PortalShellProps) {
  const { user, auth } = useAuth();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const organization = useQuery({ ...myOrganizationQueryOptions(), enabled: user !== null });
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
      {...(title === undefined ? {} : { title })}
      {...(secondaryMenu ? { secondaryMenu } : {})}
    >
      {children}
    </UserShell>
  );
}
