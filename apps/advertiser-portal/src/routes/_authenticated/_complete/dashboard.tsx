import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import * as v from 'valibot';
import { organisationInquiriesQueryOptions } from '../../../features/dashboard/api/inquiries';
import { DashboardError, DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { DashboardPending } from '../../../features/dashboard/components/dashboard-pending';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';

export const Route = createFileRoute('/_authenticated/_complete/dashboard')({
  // An employee sent back from an owner-only page (lib/guards.ts requireOwner): the page says why.
  validateSearch: v.object({
    refused: v.optional(v.pipe(v.unknown(), v.transform((value) => (value === 'credits' || value === 'collaborators' ? value : undefined)))),
  }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(organisationInquiriesQueryOptions()),
      // The balance decides whether a first listing may be created (spec §2).
      context.queryClient.ensureQueryData(myOrganizationQueryOptions()),
    ]),
  head: () => pageTitle('Mes annonces'),
  pendingComponent: DashboardPending,
  errorComponent: DashboardError,
  component: function DashboardRoute() {
    const { refused } = Route.useSearch();
    return <DashboardPage refused={refused} />;
  },
});
