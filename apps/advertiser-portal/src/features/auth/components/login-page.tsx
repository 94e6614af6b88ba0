import { useNavigate } from '@tanstack/react-router';
import { AppLink, safeRedirect, SignInScreen, useAuthController } from '@terres/app-kit';
import { roleHome } from '@terres/domain';

export interface LoginPageProps {
  /** Where the user was going when sent here (kept by the guards). */
  redirect?: string | undefined;
}

/** /login (spec §2): e-mail then code; back to the page the user wanted, or their home. */
export function LoginPage({ redirect }: LoginPageProps) {
  const auth = useAuthController();
  const navigate = useNavigate();
  return (
    <SignInScreen
      mode="login"
      alternateHref="/register"
      linkComponent={AppLink}
      notice={auth.lastSessionEnd()?.message}
      onSignedIn={async (response) => {
        const user = auth.signIn(response);
        await navigate({ to: safeRedirect(redirect, roleHome(user.role)), replace: true });
      }}
    />
  );
}
