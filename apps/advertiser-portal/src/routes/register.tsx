import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AppLink, pageTitle, redirectSignedIn } from '@terres/app-kit';
import { roleHome } from '@terres/domain';
import { RegisterPage } from '../features/auth/components/register-page';

// /register inside the app (the sign-in screen's link); opened from the address bar it is
// register.html, the same page without the router (register-main.tsx, decision 0182).
export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => redirectSignedIn(context.auth, (user) => roleHome(user.role)),
  head: () => pageTitle('Création de votre compte'),
  component: function RegisterRoute() {
    const navigate = useNavigate();
    return <RegisterPage linkComponent={AppLink} leave={(to) => navigate({ to, replace: true })} />;
  },
});
