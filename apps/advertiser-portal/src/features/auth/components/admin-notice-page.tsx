import { AuthCard, useAuth } from '@terres/app-kit';
import { Button } from '@terres/ui/button';
import { useEffect } from 'react';
import { env } from '../../../config/env';
import { texts } from '../texts';

const REDIRECT_DELAY_MS = 4000;

/**
 * An admin who signs in here is told the portal is for advertisers, signed out of it (so
 * another account can sign in), and sent to the admin console.
 */
export function AdminNoticePage({ consoleUrl = env.adminConsoleUrl }: { consoleUrl?: string }) {
  const { status, auth } = useAuth();
  useEffect(() => {
    if (status === 'authenticated') void auth.signOut();
  }, [status, auth]);
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(`${consoleUrl}/admin/inquiries`), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [consoleUrl]);
  return (
    <AuthCard title={texts.adminNoticeTitle}>
      <p>{texts.adminNoticeBody}</p>
      <p>
        <Button asChild fullWidth>
          <a href={`${consoleUrl}/admin/inquiries`}>{texts.adminNoticeLink}</a>
        </Button>
      </p>
      <p className="app-muted">{texts.adminNoticeRedirect}</p>
    </AuthCard>
  );
}
