import { createMemoryHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { preloadRouteChunks } from './router';

// A tree as the apps' (split components): which chunks a path starts fetching.
function tree() {
  const fetched: string[] = [];
  const chunk = (name: string) =>
    lazyRouteComponent(() => {
      fetched.push(name);
      return Promise.resolve({ default: () => null });
    });
  const root = createRootRoute({ component: chunk('root') });
  const layout = createRoute({ getParentRoute: () => root, id: '_layout', component: chunk('layout') });
  const dashboard = createRoute({
    getParentRoute: () => layout,
    path: '/dashboard',
    component: chunk('dashboard'),
    pendingComponent: chunk('dashboard pending'),
  });
  const login = createRoute({ getParentRoute: () => root, path: '/login', component: chunk('login') });
  const routeTree = root.addChildren([layout.addChildren([dashboard]), login]);
  return { router: createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) }), fetched };
}

describe('preloadRouteChunks (issue 23)', () => {
  it('starts fetching the code of every route the path leads to, and of no other page', () => {
    const { router, fetched } = tree();
    preloadRouteChunks(router, '/dashboard');
    expect(fetched.sort()).toEqual(['dashboard', 'dashboard pending', 'layout', 'root']);
  });

  it('fetches nothing but the root for a path no route matches', () => {
    const { router, fetched } = tree();
    preloadRouteChunks(router, '/nowhere');
    expect(fetched).toEqual(['root']);
  });
});
