import { HelpContent } from '@terres/app-kit';
import { ConsoleShell } from '../../../components/console-shell';
import { env } from '../../../config/env';
import { texts } from '../texts';

/** /help (spec §2): the four FAQ items and the support contact, inside the console's layout. */
export function HelpPage({ supportEmail = env.supportEmail }: { supportEmail?: string }) {
  return (
    <ConsoleShell title={texts.title}>
      <HelpContent supportEmail={supportEmail} />
    </ConsoleShell>
  );
}
