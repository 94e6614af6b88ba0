import { createFileRoute } from '@tanstack/react-router';
import { pageTitle, redirectSignedIn } from '@terres/app-kit';
import { roleHome } from '@terres/domain';
import * as v from 'valibot';
import { LoginPage } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  beforeLoad: ({ context }) => redirectSignedIn(context.auth, (user) => roleHome(user.role)),
  head: () => pageTitle('Connexion'),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage redirect={redirect} />;
  },
});
