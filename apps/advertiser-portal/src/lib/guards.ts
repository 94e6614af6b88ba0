// Role and completeness rules of the portal's routes (spec §4, §6; CONTRACT §6, §11), used in
// the pathless layouts' and owner-only pages' `beforeLoad` (and the organisation's in a loader).
import { redirect } from '@tanstack/react-router';
import type { SessionUser } from '@terres/api-client';
import { isProfileComplete, normalizeRole, onboardingPath, onboardingStep, roleHome } from '@terres/domain';
import type { RouterContext } from '../router';
import { myOrganizationQueryOptions } from './my-organization';

/** What an owner-only page is about, so that the home says why it was refused (issue 21). */
export type OwnerOnlyPage = 'credits' | 'collaborators';

/**
 * Owner-only pages (Collaborateurs, credits, onboarding): anyone else goes to their home; with
 * `page`, an employee's dashboard says only the owner does that (`?refused=`).
 */
export function requireOwner(user: SessionUser, page?: OwnerOnlyPage): void {
  if (normalizeRole(user.role) === 'OWNER') return;
  if (page && normalizeRole(user.role) === 'EMPLOYEE') throw redirect({ to: '/dashboard', search: { refused: page }, replace: true });
  throw redirect({ to: roleHome(user.role), replace: true });
}

/**
 * The completeness guard (spec §4), in two halves. `beforeLoad`: an incomplete profile goes to
 * /onboarding/profile (the user is known, no request). `loader`: an owner whose organisation is
 * missing or incomplete goes to the onboarding step it stops at (step 1 when it cannot be
 * loaded). Employees cannot fill the organisation's steps: after their profile they go on
 * (CONTRACT §6). The organisation is asked in the loader, not in `beforeLoad`, because loaders
 * run together: a page's own data (the dashboard's listings) and its code are fetched at the same
 * time as /organizations/me instead of after it (issue 23: no waterfall on a first visit).
 */
export function requireCompleteProfile(user: SessionUser): void {
  if (!isProfileComplete(user)) throw redirect({ to: '/onboarding/profile', replace: true });
}

/** The organisation half of the completeness guard (see `requireCompleteProfile`). */
export async function requireCompleteOrganization(context: RouterContext, user: SessionUser): Promise<void> {
  if (normalizeRole(user.role) !== 'OWNER') return;
  const organization = await context.queryClient.ensureQueryData(myOrganizationQueryOptions()).catch(() => null);
  const step = onboardingStep(organization);
  if (step !== 'complete') throw redirect({ to: onboardingPath(step), replace: true });
}
