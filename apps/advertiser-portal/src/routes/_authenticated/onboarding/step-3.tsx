import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { OrganisationStepError, OrganisationStepPage } from '../../../features/onboarding/components/organisation-step-page';
import { requireOwner } from '../../../lib/guards';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';

export const Route = createFileRoute('/_authenticated/onboarding/step-3')({
  beforeLoad: ({ context }) => requireOwner(context.user),
  loader: ({ context }) => context.queryClient.ensureQueryData(myOrganizationQueryOptions()),
  head: () => pageTitle('Représentant légal', 'Étape 3 sur 4'),
  errorComponent: (props) => <OrganisationStepError step={3} {...props} />,
  component: () => <OrganisationStepPage step={3} />,
});
