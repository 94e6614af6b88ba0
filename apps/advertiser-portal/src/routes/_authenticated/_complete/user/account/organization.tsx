import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { OrganizationError, OrganizationPage } from '../../../../../features/account/components/organization-page';
import { myOrganizationQueryOptions } from '../../../../../lib/my-organization';

export const Route = createFileRoute('/_authenticated/_complete/user/account/organization')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myOrganizationQueryOptions()),
  head: () => pageTitle('Mon organisation'),
  errorComponent: OrganizationError,
  component: OrganizationPage,
});
