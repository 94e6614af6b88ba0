import { safeRedirect, SignInScreen, useAuthController } from '@terres/app-kit';
import { isAdmin } from '@terres/domain';
import { useState } from 'react';
import { texts } from '../texts';

export interface LoginPageProps {
  redirect?: string | undefined;
  /** 'not-admin': a non-admin was signed out by the guard. */
  reason?: string | undefined;
  /** Goes on to `target` once signed in: the router's navigation, or the console started there (login-main.tsx). */
  leave: (target: string) => Promise<void> | void;
}

/**
 * /login: the same code flow as the portal (@terres/app-kit). Only admins get in: anyone else
 * is told so and signed out at once (issue 10).
 */
export function LoginPage({ redirect, reason, leave }: LoginPageProps) {
  const auth = useAuthController();
  const [refused, setRefused] = useState(reason === 'not-admin');
  return (
    <SignInScreen
      // A fresh screen after a refusal: the next person types their own address.
      key={refused ? 'refused' : 'sign-in'}
      mode="login"
      alternateHref={null}
      notice={refused ? texts.notAdmin : undefined}
      onSignedIn={async (response) => {
        const user = auth.signIn(response);
        if (!isAdmin(user.role)) {
          await auth.signOut();
          setRefused(true);
          return;
        }
        await leave(safeRedirect(redirect, '/admin/inquiries'));
      }}
    />
  );
}
