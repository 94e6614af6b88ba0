import { safeRedirect, SignInScreen, useAuthController } from '@terres/app-kit';
import { roleHome } from '@terres/domain';
import type { LinkComponent } from '@terres/ui/link';

export interface LoginPageProps {
  /** Where the user was going when sent here (kept by the guards). */
  redirect?: string | undefined;
  /** Goes on to `target` once signed in: the router's navigation, or the app started there (login-main.tsx). */
  leave: (target: string) => Promise<void> | void;
  /** The link to /register: the router's; a plain link on the sign-in page of its own. */
  linkComponent?: LinkComponent;
}

/** /login (spec §2): e-mail then code; back to the page the user wanted, or their home. */
export function LoginPage({ redirect, leave, linkComponent }: LoginPageProps) {
  const auth = useAuthController();
  return (
    <SignInScreen
      mode="login"
      alternateHref="/register"
      {...(linkComponent ? { linkComponent } : {})}
      notice={auth.lastSessionEnd()?.message}
      onSignedIn={async (response) => {
        const user = auth.signIn(response);
        await leave(safeRedirect(redirect, roleHome(user.role)));
      }}
    />
  );
}
