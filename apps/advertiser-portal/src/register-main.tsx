// register.html: /register opened from the address bar, a link or a reload, without the router
// (decision 0182), as login.html; the same stylesheets as main.tsx.
import '@terres/ui/foundation.css';
import './styles.css';
import { bootPage, startSignInPage } from '@terres/app-kit';
import { env, loadRuntimeEnv } from './config/env';
import { RegisterPage } from './features/auth/components/register-page';

bootPage(loadRuntimeEnv, (root) =>
  startSignInPage({ root, apiUrl: env.apiUrl, loadApp: () => import('./app'), render: ({ leave }) => <RegisterPage leave={leave} /> }),
);
