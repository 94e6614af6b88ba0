import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Auth, AuthState } from './auth';

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ auth, children }: { auth: Auth; children?: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

/** The app's `Auth` (sign in, sign out, update the user). */
export function useAuthController(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>.');
  return auth;
}

/** The signed-in state, re-rendering on every change (sign-in, sign-out, another tab). */
export function useAuth(): AuthState & { auth: Auth } {
  const auth = useAuthController();
  const state = useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
  return { ...state, auth };
}
