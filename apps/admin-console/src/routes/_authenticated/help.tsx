import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { HelpPage } from '../../features/help/components/help-page';

export const Route = createFileRoute('/_authenticated/help')({
  head: () => pageTitle('Aide'),
  component: HelpPage,
});
