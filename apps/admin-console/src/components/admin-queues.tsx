import { type QueryClient, useQuery } from '@tanstack/react-query';
import { getAdminQueues, getGetAdminQueuesQueryKey } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { formatNumber } from '@terres/domain';

/** GET /admin/queues: asked again whenever the window comes back to the front. */
export const adminQueuesQueryOptions = () => ({
  queryKey: getGetAdminQueuesQueryKey(),
  queryFn: ({ signal }: { signal: AbortSignal }) => getAdminQueues({ signal }),
  refetchOnWindowFocus: 'always' as const,
});

/** After the admin's own validation, verification or sent study: the counters follow. */
export function adminQueuesChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: getGetAdminQueuesQueryKey() });
}

const QUEUES = [
  { key: 'listingsToValidate', label: 'Annonces à valider', href: '/admin/inquiries?status=PENDING_VALIDATION' },
  { key: 'organizationsToVerify', label: 'Organisations à vérifier', href: '/admin/organizations?verified=false' },
  { key: 'soilStudiesDelegated', label: 'Études de sol confiées', href: '/admin/soil-studies?state=delegated' },
] as const;

/**
 * The admins' work queues in the sidebar (issue 21): what waits for them, each a link to its
 * list. The links show at once and their counts when they arrive: on a phone the sidebar is a bar
 * above the page, and a list appearing late pushed the page down (a layout shift, issue 23). A
 * failed call leaves the links without counts.
 */
export function AdminQueues() {
  const { data } = useQuery(adminQueuesQueryOptions());
  return (
    <nav aria-label="À traiter" className="console-queues">
      <ul>
        {QUEUES.map((queue) => (
          <li key={queue.key}>
            <AppLink href={queue.href} className="console-queues__link">
              <span>{queue.label}</span>
              {data ? (
                <span className="console-queues__count" data-empty={data[queue.key] === 0 ? '' : undefined}>
                  {formatNumber(data[queue.key], 0)}
                </span>
              ) : (
                // The count's place, kept while it loads (same box, nothing to read).
                <span className="console-queues__count" data-pending="" aria-hidden="true" />
              )}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
