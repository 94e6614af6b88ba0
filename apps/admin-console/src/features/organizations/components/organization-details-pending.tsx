import { ConsoleShell } from '../../../components/console-shell';
import { texts } from '../texts';

/** While the organisation loads (its own module: the router keeps pending views in the main bundle). */
export function OrganizationDetailsPending() {
  return (
    <ConsoleShell title={texts.detailTitle}>
      <p role="status" className="app-muted">
        {texts.loading}
      </p>
    </ConsoleShell>
  );
}
