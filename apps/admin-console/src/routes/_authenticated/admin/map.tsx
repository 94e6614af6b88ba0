import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { mapSearchSchema } from '../../../features/listings-map/api/pins';
import { ListingsMapPage } from '../../../features/listings-map/components/listings-map-page';
import { TransfersSummary } from '../../../features/transfers/components/transfers-summary';

export const Route = createFileRoute('/_authenticated/admin/map')({
  validateSearch: mapSearchSchema,
  head: () => pageTitle('Carte des annonces'),
  component: function ListingsMapRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <ListingsMapPage
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
        summary={<TransfersSummary />}
      />
    );
  },
});
