import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { transferLoadsQueryOptions, transferQueryOptions } from '../../../../../../features/transfers/api/queries';
import { TransferError, TransferPage } from '../../../../../../features/transfers/components/transfer-page';

export const Route = createFileRoute('/_authenticated/_complete/user/transfers/$id/')({
  loader: ({ context, params }) =>
    Promise.all([context.queryClient.ensureQueryData(transferQueryOptions(params.id)), context.queryClient.ensureQueryData(transferLoadsQueryOptions(params.id))]),
  head: () => pageTitle('Transfert'),
  errorComponent: TransferError,
  component: function TransferRoute() {
    const { id } = Route.useParams();
    return <TransferPage id={id} />;
  },
});
