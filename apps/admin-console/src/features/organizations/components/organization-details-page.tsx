import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { useRouteRetry } from '@terres/app-kit';
import { fillTemplate, formatCredits, formatDate } from '@terres/domain';
import { Alert } from '@terres/ui/alert';
import { Card } from '@terres/ui/card';
import { ErrorState } from '@terres/ui/error-state';
import { ConsoleShell } from '../../../components/console-shell';
import { organizationQueryOptions } from '../api/queries';
import { texts } from '../texts';
import { AddCreditsDialog } from './add-credits-dialog';
import { ArchiveOrganization } from './archive-organization';
import { OrganizationCarriers } from './organization-carriers';
import { CreditLedger } from './credit-ledger';
import { OrganizationInformation } from './organization-information';
import { OrganizationListings } from './organization-listings';
import { OrganizationMembers } from './organization-members';
import { OrganizationStorage } from './organization-storage';
import { VerifiedToggle } from './verified-toggle';
import './organizations.css';

/**
 * /admin/organizations/details/{id} (spec §2, §4): the organisation's balance with 'Ajouter des
 * crédits +', the verified checkbox, its details with 'Modifier', its storage use, its ledger, members,
 * listings and carriers (issue 18), and 'Archiver cette organisation'. The back bar returns to the organisations.
 */
export function OrganizationDetailsPage({ id }: { id: string }) {
  if (id.trim() === '') {
    return (
      <ConsoleShell title={texts.detailTitle}>
        <ErrorState title={texts.missingId} />
      </ConsoleShell>
    );
  }
  return <OrganizationDetails id={id} />;
}

function OrganizationDetails({ id }: { id: string }) {
  const { data: organisation } = useSuspenseQuery(organizationQueryOptions(id));
  return (
    <ConsoleShell title={organisation.name}>
      <div className="console-org">
        {organisation.archived ? (
          <Alert tone="warning" live="off" title={texts.archivedTitle}>
            {texts.archivedNotice}
          </Alert>
        ) : null}
        <div className="console-org__summary">
          <Card title={texts.balanceTitle} className="console-org__balance">
            <p className="console-org__balance-value" aria-live="polite">
              {formatCredits(organisation.creditBalance)}
            </p>
            <div>
              <AddCreditsDialog organisation={organisation} />
            </div>
          </Card>
          <Card title={texts.statusTitle}>
            <VerifiedToggle organisation={organisation} />
            <p className="app-muted console-org__created">{fillTemplate(texts.createdOn, { date: formatDate(organisation.createdAt) })}</p>
          </Card>
        </div>
        <OrganizationInformation organisation={organisation} />
        <OrganizationStorage organisationId={organisation.id} />
        <CreditLedger organisationId={organisation.id} />
        <OrganizationMembers organisationId={organisation.id} />
        <OrganizationListings organisationId={organisation.id} />
        <OrganizationCarriers organisation={organisation} />
        {organisation.archived ? null : <ArchiveOrganization organisation={organisation} />}
      </div>
    </ConsoleShell>
  );
}

/** The organisation could not load: 'Erreur : organisation introuvable.' for a 404, else the spec's failure and 'Réessayer'. */
export function OrganizationDetailsError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  const problem = parseProblem(error);
  return (
    <ConsoleShell title={texts.detailTitle}>
      {problem?.status === 404 ? (
        <ErrorState title={texts.notFound} />
      ) : (
        <ErrorState title={texts.loadFailed} message={problem?.detail} onRetry={retry} />
      )}
    </ConsoleShell>
  );
}
