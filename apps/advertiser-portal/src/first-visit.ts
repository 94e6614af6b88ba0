// What a signed-in page needs before it can show, asked as soon as the session is renewed, beside
// the page's code (issue 23): the router asks for it only once the page's guards have run, after
// the code has been read. Its loaders then find the same queries under way (`ensureQueryData`).
// Every portal page reads the organisation (the completeness guard, the header's balance); the
// dashboard, the page most visits open on, its first page of listings.
import type { AppRuntime } from '@terres/app-kit';
import { isAdmin } from '@terres/domain';
import type { AnyRouter } from '@tanstack/react-router';
import { organisationInquiriesQueryOptions } from './features/dashboard/api/inquiries';
import { myOrganizationQueryOptions } from './lib/my-organization';

export function prefetchFirstPage({ auth, queryClient }: Pick<AppRuntime<AnyRouter>, 'auth' | 'queryClient'>, pathname: string): void {
  void auth.ensureSession().then((user) => {
    if (!user || isAdmin(user.role)) return;
    void queryClient.prefetchQuery(myOrganizationQueryOptions());
    if (pathname === '/dashboard') void queryClient.prefetchQuery(organisationInquiriesQueryOptions());
  });
}
