import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AppLink, pageTitle } from '@terres/app-kit';
import * as v from 'valibot';
import { AcceptInvitationPage } from '../features/auth/components/accept-invitation-page';

// /accept-invitation inside the app (a signed-in browser opening the link); opened from the
// e-mail it is accept-invitation.html, the same page without the router
// (accept-invitation-main.tsx, decision 0182).
export const Route = createFileRoute('/accept-invitation')({
  validateSearch: v.object({ token: v.optional(v.string()) }),
  head: () => pageTitle("Accepter l'invitation"),
  component: function AcceptInvitationRoute() {
    const { token } = Route.useSearch();
    const navigate = useNavigate();
    return <AcceptInvitationPage token={token} linkComponent={AppLink} leave={(to) => navigate({ to, replace: true })} />;
  },
});
