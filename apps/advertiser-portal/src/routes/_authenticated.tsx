import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { requireUser } from '@terres/app-kit';
import { isAdmin, roleHome } from '@terres/domain';
import { deferredModule, useDeferredModule } from '@terres/ui/deferred-module';

// Every signed-in page: signed-out visitors go to /login with the page they wanted (spec §4);
// admins are told this portal is not theirs (/admin/...). The phone's outbox of loads is sent
// from here whatever the screen (when the app starts and when the network returns). Its code
// (the transfers' rules and texts, 18 KB) loads once the page is drawn, when the browser is
// idle: the page does not wait for it (issue 23).
const outbox = deferredModule(() => import('../features/transfers/components/outbox-sync'));

function DeferredOutbox() {
  const [module] = useDeferredModule(outbox);
  return module ? <module.TransfersOutbox /> : null;
}

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = await requireUser(context.auth, location);
    if (isAdmin(user.role)) throw redirect({ to: roleHome(user.role), replace: true });
    return { user };
  },
  component: () => (
    <>
      <DeferredOutbox />
      <Outlet />
    </>
  ),
});
