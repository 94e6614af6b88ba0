import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { carriersQueryOptions, transferQueryOptions } from '../../../../../../features/transfers/api/queries';
import { DeparturePage } from '../../../../../../features/transfers/components/departure-page';
import { TransferError } from '../../../../../../features/transfers/components/transfer-page';

export const Route = createFileRoute('/_authenticated/_complete/user/transfers/$id/departure')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(transferQueryOptions(params.id)),
      context.queryClient.ensureQueryData(carriersQueryOptions(context.user?.organizationId ?? '')),
    ]),
  head: () => pageTitle('Enregistrer un départ'),
  errorComponent: TransferError,
  component: function DepartureRoute() {
    const { id } = Route.useParams();
    return <DeparturePage id={id} />;
  },
});
