import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { soilStudiesPageQueryOptions } from '../../../../features/soil-studies/api/soil-studies';
import { SoilStudiesPage } from '../../../../features/soil-studies/components/soil-studies-page';
import { soilStudiesSearchSchema } from '../../../../features/soil-studies/model/search';

export const Route = createFileRoute('/_authenticated/admin/soil-studies/')({
  validateSearch: soilStudiesSearchSchema,
  loaderDeps: ({ search }) => search,
  // Starts the page's request without waiting: the table shows 'Chargement...' then keeps its rows.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(soilStudiesPageQueryOptions(deps));
  },
  head: () => pageTitle('Études de sol'),
  component: function SoilStudiesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <SoilStudiesPage search={search} onSearchChange={(next, { replace }) => void navigate({ search: next, replace })} />;
  },
});
