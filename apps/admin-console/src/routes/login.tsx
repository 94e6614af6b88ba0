import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { pageTitle, redirectSignedIn } from '@terres/app-kit';
import { isAdmin } from '@terres/domain';
import * as v from 'valibot';
import { LoginPage } from '../features/auth/components/login-page';

// /login inside the console (a sign-out, a session that ended, a refusal); opened from the address
// bar it is login.html, the same page without the router (login-main.tsx, decision 0182).
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
    const navigate = useNavigate();
    return <LoginPage redirect={redirect} reason={reason} leave={(to) => navigate({ to, replace: true })} />;
  },
});
