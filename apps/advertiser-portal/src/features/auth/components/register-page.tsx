import { useNavigate } from '@tanstack/react-router';
import { AppLink, SignInScreen, useAuthController } from '@terres/app-kit';
import { roleHome } from '@terres/domain';

/**
 * /register (spec §2): the same two steps; a new account then goes to its home, where the
 * completeness guard starts the onboarding (/onboarding/profile). An existing address gets a
 * sign-in code instead (CONTRACT §6) and lands where it belongs.
 */
export function RegisterPage() {
  const auth = useAuthController();
  const navigate = useNavigate();
  return (
    <SignInScreen
      mode="register"
      alternateHref="/login"
      linkComponent={AppLink}
      onSignedIn={async (response) => {
        const user = auth.signIn(response);
        await navigate({ to: roleHome(user.role), replace: true });
      }}
    />
  );
}
