import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/help/components/help-page';
import { pageTitle } from '@terres/app-kit';

export const Route = createFileRoute('/_authenticated/help')({
  head: () => pageTitle('Aide'),
  component: HelpPage,
});
