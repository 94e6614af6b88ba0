import { SignInScreen, useAuthController } from '@terres/app-kit';
import { roleHome } from '@terres/domain';
import type { LinkComponent } from '@terres/ui/link';

export interface RegisterPageProps {
  /** Goes on to `target` once signed in: the router's navigation, or the app started there (register-main.tsx). */
  leave: (target: string) => Promise<void> | void;
  /** The link to /login: the router's; a plain link on the page of its own. */
  linkComponent?: LinkComponent;
}

/**
 * /register (spec §2): the same two steps; a new account then goes to its home, where the
 * completeness guard starts the onboarding (/onboarding/profile). An existing address gets a
 * sign-in code instead (CONTRACT §6) and lands where it belongs.
 */
export function RegisterPage({ leave, linkComponent }: RegisterPageProps) {
  const auth = useAuthController();
  return (
    <SignInScreen
      mode="register"
      alternateHref="/login"
      {...(linkComponent ? { linkComponent } : {})}
      onSignedIn={async (response) => {
        const user = auth.signIn(response);
        await leave(roleHome(user.role));
      }}
    />
  );
}
