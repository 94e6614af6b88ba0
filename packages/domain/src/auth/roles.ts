export type Role = 'ADMIN' | 'OWNER' | 'EMPLOYEE';
export const ROLES: readonly Role[] = ['ADMIN', 'OWNER', 'EMPLOYEE'];

/** Roles compare case-insensitively ('admin', 'Owner'...); null for anything else. */
export function normalizeRole(role: unknown): Role | null {
  if (typeof role !== 'string') return null;
  const upper = role.trim().toUpperCase();
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : null;
}

export function isAdmin(role: unknown): boolean {
  return normalizeRole(role) === 'ADMIN';
}

/** Owners and employees: the organisation's users, who publish listings. */
export function isAdvertiser(role: unknown): boolean {
  const normalized = normalizeRole(role);
  return normalized === 'OWNER' || normalized === 'EMPLOYEE';
}

export const ROLE_HOMES = {
  ADMIN: '/admin/inquiries',
  OWNER: '/dashboard',
  EMPLOYEE: '/dashboard',
  newAccount: '/onboarding/profile',
  anonymous: '/login',
} as const;

/**
 * A role's home (spec §2): admin -> /admin/inquiries; owner and employee -> /dashboard, or
 * /onboarding/profile right after a new account's sign-up; any other role -> /login.
 */
export function roleHome(role: unknown, options: { isNewAccount?: boolean } = {}): string {
  const normalized = normalizeRole(role);
  if (normalized === 'ADMIN') return ROLE_HOMES.ADMIN;
  if (normalized === 'OWNER' || normalized === 'EMPLOYEE') {
    return options.isNewAccount ? ROLE_HOMES.newAccount : ROLE_HOMES[normalized];
  }
  return ROLE_HOMES.anonymous;
}
