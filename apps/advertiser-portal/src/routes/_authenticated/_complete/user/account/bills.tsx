import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { invoicesQueryOptions } from '../../../../../features/account/api/queries';
import { BillsError, BillsPage } from '../../../../../features/account/components/bills-page';

export const Route = createFileRoute('/_authenticated/_complete/user/account/bills')({
  loader: ({ context }) => context.queryClient.ensureQueryData(invoicesQueryOptions()),
  head: () => pageTitle('Factures'),
  errorComponent: BillsError,
  component: BillsPage,
});
