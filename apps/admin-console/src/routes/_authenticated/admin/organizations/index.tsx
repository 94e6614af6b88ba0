import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { organizationsPageQueryOptions, organizationsSearchSchema } from '../../../../features/organizations/api/queries';
import { OrganizationsPage } from '../../../../features/organizations/components/organizations-page';

export const Route = createFileRoute('/_authenticated/admin/organizations/')({
  validateSearch: organizationsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the page's request without waiting for it, as the listings table does: the table
  // shows 'Chargement...' on its first load, keeps its rows while the next search or page loads,
  // and shows its own error with 'Réessayer' inside the console's layout.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(organizationsPageQueryOptions(deps));
  },
  head: () => pageTitle('Organisations'),
  component: function OrganizationsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <OrganizationsPage search={search} onSearchChange={(next, { replace }) => void navigate({ search: next, replace })} />;
  },
});
