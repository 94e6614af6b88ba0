import { createFileRoute } from '@tanstack/react-router';
import { getCreditTransactionsPagesQueryOptions } from '@terres/api-client';
import { pageTitle } from '@terres/app-kit';
import { invoicesQueryOptions } from '../../../../../features/account/api/queries';
import { BillsError, BillsPage } from '../../../../../features/account/components/bills-page';

export const Route = createFileRoute('/_authenticated/_complete/user/account/bills')({
  loader: ({ context }) => {
    // The credits' movements under the invoices load with them, without holding the page (issue 21).
    if (context.user?.organizationId) void context.queryClient.prefetchInfiniteQuery(getCreditTransactionsPagesQueryOptions(context.user.organizationId));
    return context.queryClient.ensureInfiniteQueryData(invoicesQueryOptions());
  },
  head: () => pageTitle('Factures'),
  errorComponent: BillsError,
  component: BillsPage,
});
