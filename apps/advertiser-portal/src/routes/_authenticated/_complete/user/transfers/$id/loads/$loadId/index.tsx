import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { loadHistoryQueryOptions, loadQueryOptions, transferQueryOptions } from '../../../../../../../../features/transfers/api/queries';
import { LoadPage } from '../../../../../../../../features/transfers/components/load-page';
import { TransferError } from '../../../../../../../../features/transfers/components/transfer-page';

export const Route = createFileRoute('/_authenticated/_complete/user/transfers/$id/loads/$loadId/')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(transferQueryOptions(params.id)),
      context.queryClient.ensureQueryData(loadQueryOptions(params.loadId)),
      context.queryClient.ensureQueryData(loadHistoryQueryOptions(params.loadId)),
    ]),
  head: () => pageTitle('Bon de transport'),
  errorComponent: TransferError,
  component: function LoadRoute() {
    const { id, loadId } = Route.useParams();
    return <LoadPage transferId={id} loadId={loadId} />;
  },
});
