import { PortalShell } from '../../../components/portal-shell';
import { texts } from '../texts';

/**
 * While the listing loads (shown by the router after a short delay). Its own module: the
 * router keeps a route's pendingComponent in the main bundle, the pages themselves are split.
 */
export function InquiryDetailsPending() {
  return (
    <PortalShell>
      <p role="status" className="app-muted">
        {texts.loading}
      </p>
    </PortalShell>
  );
}
