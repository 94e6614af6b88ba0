import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { carriersPagesQueryOptions } from '../../../../../features/transfers/api/queries';
import { CarriersError, CarriersPage } from '../../../../../features/transfers/components/carriers-page';

export const Route = createFileRoute('/_authenticated/_complete/user/account/carriers')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(carriersPagesQueryOptions(context.user?.organizationId ?? '')),
  head: () => pageTitle('Transporteurs'),
  errorComponent: CarriersError,
  component: CarriersPage,
});
