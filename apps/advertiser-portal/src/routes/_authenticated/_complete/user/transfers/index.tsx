import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { transfersQueryOptions } from '../../../../../features/transfers/api/queries';
import { TransfersError, TransfersPage } from '../../../../../features/transfers/components/transfers-page';

export const Route = createFileRoute('/_authenticated/_complete/user/transfers/')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(transfersQueryOptions()),
  head: () => pageTitle('Transferts'),
  errorComponent: TransfersError,
  component: TransfersPage,
});
