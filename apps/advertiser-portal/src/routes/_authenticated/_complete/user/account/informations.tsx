import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { currentUserQueryOptions } from '../../../../../features/account/api/queries';
import { MyInformationsError, MyInformationsPage } from '../../../../../features/account/components/my-informations-page';

export const Route = createFileRoute('/_authenticated/_complete/user/account/informations')({
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions()),
  head: () => pageTitle('Mes informations'),
  errorComponent: MyInformationsError,
  component: MyInformationsPage,
});
