import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { ensureTransfer } from '../../../../features/transfers/api/transfers';
import { TransferAdminError, TransferAdminPage } from '../../../../features/transfers/components/transfer-admin-page';

export const Route = createFileRoute('/_authenticated/admin/transfers/$id')({
  loader: ({ context, params }) => ensureTransfer(context.queryClient, params.id),
  head: ({ loaderData }) => pageTitle('Transfert', loaderData?.cut.projectName),
  errorComponent: TransferAdminError,
  component: function TransferRoute() {
    const { id } = Route.useParams();
    return <TransferAdminPage id={id} />;
  },
});
