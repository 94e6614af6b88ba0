import { useAuth } from '@terres/app-kit';
import { ErrorState } from '@terres/ui/error-state';
import { USER_ACCOUNT_TABS } from '@terres/ui/user-shell';
import type { ReactNode } from 'react';
import { PortalShell } from '../../../components/portal-shell';
import { texts } from '../texts';
import '../../../components/forms.css';
import '../account.css';

/**
 * /user/account (spec §2): the tabs Mes informations, Mon organisation, Collaborateurs (owners
 * only: the tab menu filters by role) and Factures, with the back bar and its help button.
 */
export function AccountLayout({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const known = Boolean(user?.firstName && user.firstName.trim() !== '');
  return (
    <PortalShell title={texts.account} {...(known ? { secondaryMenu: { label: texts.account, items: USER_ACCOUNT_TABS } } : {})}>
      {known ? children : <ErrorState title={texts.userNotFound} />}
    </PortalShell>
  );
}
