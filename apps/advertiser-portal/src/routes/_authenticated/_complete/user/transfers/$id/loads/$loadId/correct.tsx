import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { carriersQueryOptions, loadQueryOptions, transferQueryOptions } from '../../../../../../../../features/transfers/api/queries';
import { CorrectionPage } from '../../../../../../../../features/transfers/components/correction-page';
import { TransferError } from '../../../../../../../../features/transfers/components/transfer-page';

export const Route = createFileRoute('/_authenticated/_complete/user/transfers/$id/loads/$loadId/correct')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(transferQueryOptions(params.id)),
      context.queryClient.ensureQueryData(loadQueryOptions(params.loadId)),
      context.queryClient.ensureQueryData(carriersQueryOptions(context.user?.organizationId ?? '')),
    ]),
  head: () => pageTitle('Corriger le chargement'),
  errorComponent: TransferError,
  component: function CorrectionRoute() {
    const { id, loadId } = Route.useParams();
    return <CorrectionPage transferId={id} loadId={loadId} />;
  },
});
