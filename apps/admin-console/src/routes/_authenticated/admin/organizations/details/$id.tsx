import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { organizationQueryOptions } from '../../../../../features/organizations/api/queries';
import { OrganizationDetailsPending } from '../../../../../features/organizations/components/organization-details-pending';
import {
  OrganizationDetailsError,
  OrganizationDetailsPage,
} from '../../../../../features/organizations/components/organization-details-page';

export const Route = createFileRoute('/_authenticated/admin/organizations/details/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(organizationQueryOptions(params.id)),
  head: ({ loaderData }) => pageTitle(loaderData?.name, 'Organisation'),
  pendingComponent: OrganizationDetailsPending,
  errorComponent: OrganizationDetailsError,
  component: function OrganizationDetailsRoute() {
    const { id } = Route.useParams();
    return <OrganizationDetailsPage id={id} />;
  },
});
