import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { inquiriesPageQueryOptions } from '../../../features/inquiries/api/inquiries-page';
import { InquiriesPage } from '../../../features/inquiries/components/inquiries-page';
import { inquiriesSearchSchema } from '../../../features/inquiries/model/search';

export const Route = createFileRoute('/_authenticated/admin/inquiries')({
  validateSearch: inquiriesSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the page's request without waiting for it: the table shows 'Chargement...' on its
  // first load and keeps its rows while a new search or page loads (never a blank screen).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(inquiriesPageQueryOptions(deps));
  },
  head: () => pageTitle('Liste des annonces'),
  component: function InquiriesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <InquiriesPage search={search} onSearchChange={(next, { replace }) => void navigate({ search: next, replace })} />;
  },
});
