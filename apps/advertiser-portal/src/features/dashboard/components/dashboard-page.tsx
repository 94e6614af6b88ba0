import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { useAuth, useRouteRetry } from '@terres/app-kit';
import { canCreateInquiry, fillTemplate } from '@terres/domain';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { PortalShell } from '../../../components/portal-shell';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';
import { organisationInquiriesQueryOptions } from '../api/inquiries';
import { texts } from '../texts';
import { CreateInquiryDialog } from './create-inquiry-dialog';
import { CreditsNeeded } from './credits-needed';
import { InquiryList } from './inquiry-list';
import './dashboard.css';

/**
 * /dashboard (spec §2): the organisation's listings, each opening its detail; 'Créer une
 * annonce' with the cut/fill choice; the first listing needs a credit balance above 0.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const { data: inquiries } = useSuspenseQuery(organisationInquiriesQueryOptions());
  const { data: organization } = useSuspenseQuery(myOrganizationQueryOptions());
  const mayCreate = canCreateInquiry(inquiries.length, organization?.creditBalance);

  return (
    <PortalShell title={texts.title}>
      {inquiries.length === 0 ? (
        <EmptyState
          title={texts.empty}
          description={texts.emptyDescription}
          action={mayCreate ? <CreateInquiryDialog /> : <CreditsNeeded role={user?.role} />}
        />
      ) : (
        <div className="dashboard">
          <div className="dashboard__toolbar">
            <p className="dashboard__count">
              {inquiries.length === 1 ? texts.countOne : fillTemplate(texts.count, { count: String(inquiries.length) })}
            </p>
            <CreateInquiryDialog />
          </div>
          <InquiryList inquiries={inquiries} />
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
