import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AccountLayout } from '../../../../features/account/components/account-layout';

export const Route = createFileRoute('/_authenticated/_complete/user/account')({
  component: () => (
    <AccountLayout>
      <Outlet />
    </AccountLayout>
  ),
});
