import type { QueryClient } from '@tanstack/react-query';
import type { RouterHistory } from '@tanstack/react-router';
import { createRouter } from '@tanstack/react-router';
import type { Auth } from '@terres/app-kit';
import { routeTree } from './routeTree.gen';
import { RouteError, RoutePending } from '@terres/app-kit';

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: Auth;
}

export function createAppRouter({ queryClient, auth, history }: RouterContext & { history?: RouterHistory }) {
  return createRouter({
    routeTree,
    context: { queryClient, auth },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Loaders use queryClient.ensureQueryData: react-query decides freshness, not the router.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: RoutePending,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
