import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { useAuth, useRouteRetry } from '@terres/app-kit';
import { canCreateInquiry, fillTemplate } from '@terres/domain';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { Banner } from '../../../components/banner';
import { PortalShell } from '../../../components/portal-shell';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';
import { useEffect, useState } from 'react';
import { FIRST_DASHBOARD_PAGE, organisationInquiriesQueryOptions, type DashboardListState } from '../api/inquiries';
import { texts } from '../texts';
import { CreateInquiry } from './create-inquiry';
import { CreditsNeeded } from './credits-needed';
import { InquiryList } from './inquiry-list';
import './dashboard.css';

/**
 * /dashboard (spec §2): the organisation's listings, each opening its detail; 'Créer une
 * annonce' with the cut/fill choice; the first listing needs a credit balance above 0. An
 * employee sent here from an owner-only page (`refused`) is told only the owner does that; the
 * parameter leaves the address, the message stays.
 */
export function DashboardPage({ refused }: { refused?: 'credits' | 'collaborators' | undefined } = {}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [refusal] = useState(refused);
  useEffect(() => {
    if (refused) void navigate({ to: '/dashboard', search: {}, replace: true });
  }, [navigate, refused]);
  const notice = refusal ? <Banner tone="warning" title={texts.ownerOnly[refusal]} /> : null;
  // The first page, unfiltered (the loader's): its total is the organisation's count of listings.
  const { data: first } = useSuspenseQuery(organisationInquiriesQueryOptions());
  const { data: organization } = useSuspenseQuery(myOrganizationQueryOptions());
  const [state, setState] = useState<DashboardListState>(FIRST_DASHBOARD_PAGE);
  // The page shown: the previous one stays on screen, greyed, while the next one loads.
  const shown = useQuery({ ...organisationInquiriesQueryOptions(state), placeholderData: keepPreviousData });
  const count = first.total;
  const mayCreate = canCreateInquiry(count, organization?.creditBalance);

  return (
    <PortalShell title={texts.title}>
      {notice}
      {count === 0 ? (
        <EmptyState
          title={texts.empty}
          description={texts.emptyDescription}
          action={mayCreate ? <CreateInquiry /> : <CreditsNeeded role={user?.role} />}
        />
      ) : (
        <div className="dashboard">
          <div className="dashboard__toolbar">
            <p className="dashboard__count">
              {count === 1 ? texts.countOne : fillTemplate(texts.count, { count: String(count) })}
            </p>
            <CreateInquiry />
          </div>
          <InquiryList
            inquiries={shown.data?.items ?? []}
            total={shown.data?.total ?? 0}
            state={state}
            onStateChange={setState}
            loading={shown.isFetching}
            error={shown.isError && !shown.isFetching ? (parseProblem(shown.error)?.detail ?? texts.loadFailed) : undefined}
            onRetry={() => void shown.refetch()}
          />
        </div>
      )}
    </PortalShell>
  );
}

/** The listings could not load (spec §8): 'Impossible de charger les annonces' and 'Réessayer'. */
export function DashboardError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return (
    <PortalShell title={texts.title}>
      <ErrorState
        title={texts.loadFailed}
        message={parseProblem(error)?.detail ?? texts.loadFailedHint}
        onRetry={retry}
      />
    </PortalShell>
  );
}
