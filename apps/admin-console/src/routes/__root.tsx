import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

function NotFound() {
  return (
    <main className="app-placeholder">
      <h1>Page introuvable</h1>
      <p>
        <Link to="/">Revenir à l'accueil</Link>
      </p>
    </main>
  );
}
