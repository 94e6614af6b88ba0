import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AcceptInvitationPage } from '../features/auth/components/accept-invitation-page';
import { pageTitle } from '@terres/app-kit';

export const Route = createFileRoute('/accept-invitation')({
  validateSearch: v.object({ token: v.optional(v.string()) }),
  head: () => pageTitle("Accepter l'invitation"),
  component: function AcceptInvitationRoute() {
    const { token } = Route.useSearch();
    return <AcceptInvitationPage token={token} />;
  },
});
