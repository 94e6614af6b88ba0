import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { loadQueryOptions, transferQueryOptions } from '../../../../../../../../features/transfers/api/queries';
import { ReceptionPage } from '../../../../../../../../features/transfers/components/reception-page';
import { TransferError } from '../../../../../../../../features/transfers/components/transfer-page';

export const Route = createFileRoute('/_authenticated/_complete/user/transfers/$id/loads/$loadId/reception')({
  loader: ({ context, params }) =>
    Promise.all([context.queryClient.ensureQueryData(transferQueryOptions(params.id)), context.queryClient.ensureQueryData(loadQueryOptions(params.loadId))]),
  head: () => pageTitle('Confirmer la réception'),
  errorComponent: TransferError,
  component: function ReceptionRoute() {
    const { id, loadId } = Route.useParams();
    return <ReceptionPage transferId={id} loadId={loadId} />;
  },
});
