import { HelpContent } from '@terres/app-kit';
import { PortalShell } from '../../../components/portal-shell';
import { env } from '../../../config/env';
import { texts } from '../texts';

/** /help (spec §2): the four FAQ items and the support contact; the back bar without its help button. */
export function HelpPage({ supportEmail = env.supportEmail }: { supportEmail?: string }) {
  return (
    <PortalShell title={texts.title}>
      <HelpContent supportEmail={supportEmail} />
    </PortalShell>
  );
}
