import { createFileRoute } from '@tanstack/react-router';
import { ThanksPage } from '../../../features/onboarding/components/thanks-page';
import { requireOwner } from '../../../lib/guards';
import { pageTitle } from '@terres/app-kit';

export const Route = createFileRoute('/_authenticated/onboarding/thanks')({
  beforeLoad: ({ context }) => requireOwner(context.user),
  head: () => pageTitle('Merci pour votre inscription'),
  component: ThanksPage,
});
