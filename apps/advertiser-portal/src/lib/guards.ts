// Role and completeness rules of the portal's routes (spec §4, §6; CONTRACT §6, §11), used in
// the pathless layouts' and owner-only pages' `beforeLoad`.
import { redirect } from '@tanstack/react-router';
import type { SessionUser } from '@terres/api-client';
import { isProfileComplete, normalizeRole, onboardingPath, onboardingStep, roleHome } from '@terres/domain';
import type { RouterContext } from '../router';
import { myOrganizationQueryOptions } from './my-organization';

/** Owner-only pages (Collaborateurs, credits): anyone else goes to their home. */
export function requireOwner(user: SessionUser): void {
  if (normalizeRole(user.role) !== 'OWNER') throw redirect({ to: roleHome(user.role), replace: true });
}

/**
 * The completeness guard (spec §4): an incomplete profile goes to /onboarding/profile; an owner
 * whose organisation is missing or incomplete goes to the onboarding step it stops at (step 1
 * when it cannot be loaded). Employees cannot fill the organisation's steps: after their profile
 * they go on (CONTRACT §6).
 */
export async function requireComplete(context: RouterContext, user: SessionUser): Promise<void> {
  if (!isProfileComplete(user)) throw redirect({ to: '/onboarding/profile', replace: true });
  if (normalizeRole(user.role) !== 'OWNER') return;
  const organization = await context.queryClient.ensureQueryData(myOrganizationQueryOptions()).catch(() => null);
  const step = onboardingStep(organization);
  if (step !== 'complete') throw redirect({ to: onboardingPath(step), replace: true });
}
