// The router both apps build the same way, around their own route tree: the context every
// loader and beforeLoad receives, intent preloading, react-query deciding freshness, the
// shared error and pending views; and the root route's document (the product's title, the
// routes' head tags, the page). Each app keeps its `Register` declaration (its own tree).
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, HeadContent, Outlet, type AnyRoute, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import type { Auth } from '../auth/auth';
import { RouteError } from './route-error';
import { RoutePending } from './route-pending';
import { pageTitle } from './title';

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient;
  auth: Auth;
}

export interface AppRouterOptions<TRouteTree extends AnyRoute> extends RouterContext {
  routeTree: TRouteTree;
  history?: RouterHistory;
}

export function createAppRouter<TRouteTree extends AnyRoute>({ routeTree, queryClient, auth, history }: AppRouterOptions<TRouteTree>) {
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
  } as Parameters<typeof createRouter<TRouteTree, 'never', false>>[0]);
}

/**
 * Starts fetching the code of the routes `pathname` leads to (their split components and pending
 * views) as soon as the app's router exists, before it renders: each app's main.tsx calls it with
 * the router it has just made, so a first visit downloads the page's code while the session
 * renewal is on its way, instead of after it (issue 23). A failure is left to the router, which
 * loads the same chunks again when it renders and shows its error view.
 */
export function preloadRouteChunks(router: AnyRouter, pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
}

/** The root route's options: the product's name as the default title, then the page. */
export const appRootRouteOptions = {
  head: () => pageTitle(),
  component: AppRootLayout,
};

function AppRootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
