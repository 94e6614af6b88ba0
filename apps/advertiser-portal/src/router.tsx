import type { RouterHistory } from '@tanstack/react-router';
import { createAppRouter as createKitRouter, type RouterContext } from '@terres/app-kit';
import { routeTree } from './routeTree.gen';

export type { RouterContext } from '@terres/app-kit';

/** This app's router: app-kit's (context, preloading, error and pending views) on its route tree. */
export function createAppRouter(options: RouterContext & { history?: RouterHistory }) {
  return createKitRouter({ routeTree, ...options });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
