// accept-invitation.html: the link of an invitation's e-mail, an invited collaborator's first page
// (often on a phone), without the router (decision 0182), as login.html; the same stylesheets as
// main.tsx.
import '@terres/ui/foundation.css';
import './styles.css';
import { bootPage, startSignInPage } from '@terres/app-kit';
import { env, loadRuntimeEnv } from './config/env';
import { AcceptInvitationPage } from './features/auth/components/accept-invitation-page';

bootPage(loadRuntimeEnv, (root) =>
  startSignInPage({
    root,
    apiUrl: env.apiUrl,
    loadApp: () => import('./app'),
    render: ({ search, leave }) => <AcceptInvitationPage token={search.get('token') ?? undefined} leave={leave} />,
  }),
);
