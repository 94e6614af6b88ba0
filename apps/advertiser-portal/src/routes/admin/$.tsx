import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle, requireUser } from '@terres/app-kit';
import { isAdmin, roleHome } from '@terres/domain';
import { AdminNoticePage } from '../../features/auth/components/admin-notice-page';

// An admin's home (/admin/inquiries) is in the admin console, not here: this page says so and
// sends them there (issue 9). Anyone else who opens an /admin link here goes where any
// disallowed path sends them (spec §2, §6): a visitor to /login, an advertiser to their home,
// signed in still (review D9: an owner was told they were an admin and signed out).
export const Route = createFileRoute('/admin/$')({
  beforeLoad: async ({ context, location }) => {
    const user = await requireUser(context.auth, location);
    if (!isAdmin(user.role)) throw redirect({ to: roleHome(user.role), replace: true });
  },
  head: () => pageTitle('Console des administrateurs'),
  component: AdminNoticePage,
});
