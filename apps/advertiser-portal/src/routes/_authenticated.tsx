import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { requireUser } from '@terres/app-kit';
import { isAdmin, roleHome } from '@terres/domain';
import { TransfersOutbox } from '../features/transfers/components/outbox-sync';

// Every signed-in page: signed-out visitors go to /login with the page they wanted (spec §4);
// admins are told this portal is not theirs (/admin/...). The phone's outbox of loads is sent
// from here whatever the screen (when the app starts and when the network returns).
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = await requireUser(context.auth, location);
    if (isAdmin(user.role)) throw redirect({ to: roleHome(user.role), replace: true });
    return { user };
  },
  component: () => (
    <>
      <TransfersOutbox />
      <Outlet />
    </>
  ),
});
