import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AppLink, pageTitle, redirectSignedIn } from '@terres/app-kit';
import { roleHome } from '@terres/domain';
import * as v from 'valibot';
import { LoginPage } from '../features/auth/components/login-page';

// /login inside the app (a sign-out, a session that ended); opened from the address bar it is
// login.html, the same page without the router (login-main.tsx, decision 0182).
export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: ({ context }) => redirectSignedIn(context.auth, (user) => roleHome(user.role)),
  head: () => pageTitle('Connexion'),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    const navigate = useNavigate();
    return <LoginPage redirect={redirect} linkComponent={AppLink} leave={(to) => navigate({ to, replace: true })} />;
  },
});
