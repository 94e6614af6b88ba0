import { PortalShell } from '../../../components/portal-shell';
import { texts } from '../texts';

/**
 * While the listings load (shown by the router after a short delay). Its own module: the
 * router keeps a route's pendingComponent in the main bundle, the page itself is split.
 */
export function DashboardPending() {
  return (
    <PortalShell title={texts.title}>
      <p role="status" className="app-muted">
        {texts.loading}
      </p>
    </PortalShell>
  );
}
