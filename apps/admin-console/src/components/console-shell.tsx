import { useNavigate, useRouterState } from '@tanstack/react-router';
import { AppLink, useAuth } from '@terres/app-kit';
import { NotificationCenter } from '@terres/app-kit/notifications';
import { AdminShell, type BackBarLink } from '@terres/ui/admin-shell';
import type { TabMenuItem } from '@terres/ui/tab-menu';
import type { ReactNode } from 'react';
import { AdminQueues } from './admin-queues';

export interface ConsoleShellProps {
  /** The page's h1, in the header. */
  title?: ReactNode;
  secondaryMenu?: { label: string; items: readonly TabMenuItem[] };
  backBar?: BackBarLink | 'auto' | null;
  children?: ReactNode;
}

/**
 * The admin layout (spec §2): sidebar, header with the user menu ('Se déconnecter'), the
 * listing details' tab menu, and the fixed back bar of details pages.
 */
export function ConsoleShell({ title, secondaryMenu, backBar = 'auto', children }: ConsoleShellProps) {
  const { user, auth } = useAuth();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <AdminShell
      currentPath={pathname}
      linkComponent={AppLink}
      firstName={user?.firstName ?? user?.email ?? ''}
      onLogout={() => {
        void auth.signOut().then(() => navigate({ to: '/login', replace: true }));
      }}
      // Admins have the help page too (spec §2 route table); the header links to it.
      helpHref="/help"
      backBar={backBar}
      sidebarExtra={<AdminQueues />}
      // The admins' own notifications (issue 21): best matches, refused loads.
      notifications={user ? <NotificationCenter /> : null}
      {...(title === undefined ? {} : { title })}
      {...(secondaryMenu ? { secondaryMenu } : {})}
    >
      {children}
    </AdminShell>
  );
}
