import { createFileRoute } from '@tanstack/react-router';
import { pageTitle, redirectSignedIn } from '@terres/app-kit';
import { isAdmin } from '@terres/domain';
import * as v from 'valibot';
import { LoginPage } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()), reason: v.optional(v.string()) }),
  // A signed-in admin goes to the listings; anyone else stays to be told this console is not theirs.
  beforeLoad: async ({ context }) => {
    const user = await context.auth.ensureSession();
    if (user && isAdmin(user.role)) await redirectSignedIn(context.auth, () => '/admin/inquiries');
  },
  head: () => pageTitle('Connexion'),
  component: function LoginRoute() {
    const { redirect, reason } = Route.useSearch();
    return <LoginPage redirect={redirect} reason={reason} />;
  },
});
