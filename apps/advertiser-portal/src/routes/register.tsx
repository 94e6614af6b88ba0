import { createFileRoute } from '@tanstack/react-router';
import { pageTitle, redirectSignedIn } from '@terres/app-kit';
import { roleHome } from '@terres/domain';
import { RegisterPage } from '../features/auth/components/register-page';

export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => redirectSignedIn(context.auth, (user) => roleHome(user.role)),
  head: () => pageTitle('Création de votre compte'),
  component: RegisterPage,
});
