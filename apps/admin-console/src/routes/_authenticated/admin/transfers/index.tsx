import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { transfersPageQueryOptions } from '../../../../features/transfers/api/transfers';
import { TransfersAdminPage } from '../../../../features/transfers/components/transfers-page';
import { transfersSearchSchema } from '../../../../features/transfers/model/search';

export const Route = createFileRoute('/_authenticated/admin/transfers/')({
  validateSearch: transfersSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the page's request without waiting: the table shows 'Chargement...' then keeps its rows.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(transfersPageQueryOptions(deps));
  },
  head: () => pageTitle('Transferts'),
  component: function TransfersRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <TransfersAdminPage search={search} onSearchChange={(next, { replace }) => void navigate({ search: next, replace })} />;
  },
});
