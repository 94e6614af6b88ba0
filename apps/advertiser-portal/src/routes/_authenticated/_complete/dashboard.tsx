import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { organisationInquiriesQueryOptions } from '../../../features/dashboard/api/inquiries';
import { DashboardError, DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { DashboardPending } from '../../../features/dashboard/components/dashboard-pending';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';

export const Route = createFileRoute('/_authenticated/_complete/dashboard')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(organisationInquiriesQueryOptions()),
      // The balance decides whether a first listing may be created (spec §2).
      context.queryClient.ensureQueryData(myOrganizationQueryOptions()),
    ]),
  head: () => pageTitle('Mes annonces'),
  pendingComponent: DashboardPending,
  errorComponent: DashboardError,
  component: DashboardPage,
});
