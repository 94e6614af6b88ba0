// login.html: /login opened from the address bar, a link or a reload, without the router (decision
// 0182); the same stylesheets as main.tsx.
import '@terres/ui/foundation.css';
import './styles.css';
import { bootPage, startSignInPage } from '@terres/app-kit';
import { env, loadRuntimeEnv } from './config/env';
import { LoginPage } from './features/auth/components/login-page';

bootPage(loadRuntimeEnv, (root) =>
  startSignInPage({
    root,
    apiUrl: env.apiUrl,
    loadApp: () => import('./app'),
    render: ({ search, leave }) => <LoginPage redirect={search.get('redirect') ?? undefined} leave={leave} />,
  }),
);
