import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { RegisterPage } from '../../../../../features/register/components/register-page';

export const Route = createFileRoute('/_authenticated/_complete/user/account/register')({
  head: () => pageTitle('Registre'),
  component: RegisterPage,
});
