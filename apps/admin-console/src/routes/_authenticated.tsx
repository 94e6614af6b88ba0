import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireUser } from '@terres/app-kit';
import { isAdmin } from '@terres/domain';

// Every page of the console: signed-out visitors go to /login with the page they wanted; a
// signed-in non-admin is signed out and told this console is for admins only (issue 10).
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = await requireUser(context.auth, location);
    if (!isAdmin(user.role)) {
      await context.auth.signOut();
      throw redirect({ to: '/login', search: { reason: 'not-admin' }, replace: true });
    }
    return { user };
  },
});
