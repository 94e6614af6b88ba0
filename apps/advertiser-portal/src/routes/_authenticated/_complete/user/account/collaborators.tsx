import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { membersQueryOptions } from '../../../../../features/collaborators/api/members';
import { CollaboratorsError, CollaboratorsPage } from '../../../../../features/collaborators/components/collaborators-page';
import { requireOwner } from '../../../../../lib/guards';

export const Route = createFileRoute('/_authenticated/_complete/user/account/collaborators')({
  beforeLoad: ({ context }) => requireOwner(context.user, 'collaborators'),
  loader: ({ context }) => context.queryClient.ensureQueryData(membersQueryOptions()),
  head: () => pageTitle('Collaborateurs'),
  errorComponent: CollaboratorsError,
  component: CollaboratorsPage,
});
