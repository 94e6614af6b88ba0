import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'Bourse aux terres' }] }),
  component: Root,
});

function Root() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
