import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { OrganisationStepError, OrganisationStepPage } from '../../../features/onboarding/components/organisation-step-page';
import { requireOwner } from '../../../lib/guards';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';

export const Route = createFileRoute('/_authenticated/onboarding/step-2')({
  beforeLoad: ({ context }) => requireOwner(context.user),
  loader: ({ context }) => context.queryClient.ensureQueryData(myOrganizationQueryOptions()),
  head: () => pageTitle('Coordonnées', 'Étape 2 sur 4'),
  errorComponent: (props) => <OrganisationStepError step={2} {...props} />,
  component: () => <OrganisationStepPage step={2} />,
});
