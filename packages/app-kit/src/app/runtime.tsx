// What a web app runs on: the query client, the signed-in state (which configures the one API
// client) and the router, wired so a session lost for good lands on /login (spec §4). Each app's
// main.tsx builds it once; its tests build one per test with a memory history.
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import type { StorageLike } from '@terres/api-client';
import { ToastProvider } from '@terres/ui/toast';
import { createAuth, type Auth } from '../auth/auth';
import { AuthProvider } from '../auth/auth-context';
import { LOGIN_PATH } from '../auth/paths';
import { createQueryClient } from './query-client';

export interface AppRuntime<TRouter extends AnyRouter> {
  queryClient: QueryClient;
  auth: Auth;
  router: TRouter;
}

export interface AppRuntimeOptions<TRouter extends AnyRouter> {
  apiUrl: string;
  createRouter: (context: { queryClient: QueryClient; auth: Auth }) => TRouter;
  storage?: StorageLike;
  /**
   * Renew a stored session at once, before the router is made, while the page's code loads (the
   * apps' main.tsx, issue 23: the first data requests wait for this round trip). Tests leave it
   * off: they seed their session after making the runtime.
   */
  renewSessionAtOnce?: boolean;
}

export function createAppRuntime<TRouter extends AnyRouter>(options: AppRuntimeOptions<TRouter>): AppRuntime<TRouter> {
  const queryClient = createQueryClient();
  // The router needs the auth state and the auth state navigates with the router.
  const ref: { router?: TRouter } = {};
  const auth = createAuth({
    apiUrl: options.apiUrl,
    queryClient,
    ...(options.storage ? { storage: options.storage } : {}),
    // The sign-in page shows why (`auth.lastSessionEnd()`).
    onSessionEnded: () => {
      const router = ref.router;
      if (!router) return;
      const here = router.state.location;
      if (here.pathname === LOGIN_PATH) return;
      void router.navigate({
        to: LOGIN_PATH,
        search: { redirect: here.href },
        replace: true,
      });
    },
  });
  // Without a stored session this asks nothing of the network.
  if (options.renewSessionAtOnce) void auth.ensureSession();
  const router = options.createRouter({ queryClient, auth });
  ref.router = router;
  return { queryClient, auth, router };
}

/** The providers every page needs (queries, signed-in state, toasts) around the router. */
export function AppRoot<TRouter extends AnyRouter>({ runtime }: { runtime: AppRuntime<TRouter> }) {
  return (
    <QueryClientProvider client={runtime.queryClient}>
      <AuthProvider auth={runtime.auth}>
        <ToastProvider>
          <RouterProvider router={runtime.router} />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
