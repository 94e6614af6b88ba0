// The sign-in page as a page of its own (each app's login.html, and the portal's register.html
// with the registration screen; decision 0182). /login is the first page most people open, often
// on a phone on site: opened from the address bar, a link or a reload, it loads React and the
// sign-in screen, not the router, the query cache or any other page (issue 23: at most 120 KB).
// The app's code is fetched while the user waits for their e-mail and drawn in this same page and
// React root once the code is right, so the access token stays in this tab's memory and nothing
// is asked twice. Inside the app (a sign-out, a session that ended) /login stays a route of the
// router, with the same screen.
import { ToastProvider } from '@terres/ui/toast';
import { startTransition, StrictMode, type ReactElement, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { createAuth, usableSessionUser } from '../auth/auth';
import { AuthProvider } from '../auth/auth-context';

/** What an app's module that makes it exports (each app's src/app.tsx). */
export interface AppModule {
  /** The whole app, its runtime made at the page in the address bar. */
  appElement(): ReactElement;
}

export interface SignInPageProps {
  /** The page's query string (`redirect`, and the console's `reason`). */
  search: URLSearchParams;
  /** Once signed in: the app, drawn at `target` (a path checked by `safeRedirect`). */
  leave: (target: string) => Promise<void>;
}

export interface SignInPageOptions {
  /** The page's React root (`bootPage`). */
  root: Root;
  /** API root including `/api/v1`. */
  apiUrl: string;
  /** The app's code: `() => import('./app')`. */
  loadApp: () => Promise<AppModule>;
  /** The app's sign-in page (the same component its /login route draws). */
  render: (props: SignInPageProps) => ReactNode;
}

export function startSignInPage({ root, apiUrl, loadApp, render }: SignInPageOptions): void {
  const drawApp = (app: AppModule) => startTransition(() => root.render(app.appElement()));

  // A session is stored: the app's own /login sends a signed-in user on (and draws this screen
  // again if the session cannot be renewed).
  if (usableSessionUser() !== null) {
    void loadApp().then(drawApp);
    return;
  }

  // The first form sent is the e-mail: fetch the app while the code travels (not before: the
  // page's first load stays the sign-in screen's).
  document.addEventListener('submit', () => void loadApp().catch(() => undefined), { once: true });

  const leave = async (target: string) => {
    let app: AppModule;
    try {
      app = await loadApp();
    } catch {
      // The app's code could not be fetched (a new deployment, the network): the whole page
      // loads instead; the session's cookie renews the sign-in there.
      window.location.assign(target);
      return;
    }
    window.history.replaceState(null, '', target);
    drawApp(app);
  };

  const auth = createAuth({ apiUrl });
  const search = new URLSearchParams(window.location.search);
  root.render(
    <StrictMode>
      <AuthProvider auth={auth}>
        <ToastProvider>{render({ search, leave })}</ToastProvider>
      </AuthProvider>
    </StrictMode>,
  );
}
