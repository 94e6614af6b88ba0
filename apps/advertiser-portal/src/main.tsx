// The layers, typeface, tokens and document defaults; each component brings its own stylesheet,
// so /login loads the CSS of the sign-in screen only (issue 23).
import '@terres/ui/foundation.css';
import './styles.css';
import { bootPage } from '@terres/app-kit';
import { appElement } from './app';
import { loadRuntimeEnv } from './config/env';

// index.html, every page but /login opened from the address bar (login.html, login-main.tsx).
bootPage(loadRuntimeEnv, (root) => root.render(appElement()));
