import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { useRouteRetry } from '@terres/app-kit';
import { fillTemplate, formatDate } from '@terres/domain';
import { adminInquiryTabs } from '@terres/ui/admin-shell';
import { ErrorState } from '@terres/ui/error-state';
import { StatusBadge } from '@terres/ui/status-badge';
import { TypeBadge } from '@terres/ui/type-badge';
import type { ReactNode } from 'react';
import { ConsoleShell } from '../../../components/console-shell';
import { inquiryQueryOptions } from '../api/inquiry';
import { texts } from '../texts';
import './inquiry-details.css';

/**
 * /admin/inquiry/details/{id}/* (spec §2): the project's name as the page title, the four tabs
 * (Vue d'ensemble, Informations administratives, Documents, Gestion de l'annonce), the type,
 * status and organisation of the listing above every tab, and the fixed back bar 'Revenir à la
 * liste des annonces'.
 */
export function InquiryDetailsLayout({ id, children }: { id: string; children?: ReactNode }) {
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  return (
    <ConsoleShell title={inquiry.projectName} secondaryMenu={{ label: texts.tabsLabel, items: adminInquiryTabs(id) }}>
      <div className="inquiry-details">
        <p className="inquiry-details__meta">
          <TypeBadge type={inquiry.type} />
          <StatusBadge status={inquiry.status} mode="label" />
          <span>
            {fillTemplate(texts.createdOn, { date: formatDate(inquiry.createdAt) })}{' '}
            {fillTemplate(texts.by, { organization: inquiry.organizationName })}
          </span>
        </p>
        {children}
      </div>
    </ConsoleShell>
  );
}

/**
 * The listing could not be shown. Unknown (404, spec §8): 'Erreur : annonce introuvable.',
 * nothing to retry (the back bar leads to the list). Anything else may pass on a retry.
 */
export function InquiryDetailsError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  const problem = parseProblem(error);
  return (
    <ConsoleShell title={texts.listing} backBar={{ label: texts.backToList, href: '/admin/inquiries' }}>
      {problem?.status === 404 ? (
        <ErrorState title={texts.notFound} />
      ) : (
        <ErrorState title={texts.loadFailed} message={problem?.detail ?? texts.loadFailedHint} onRetry={retry} />
      )}
    </ConsoleShell>
  );
}

/** While the listing loads (shown by the router after a short delay). */
export function InquiryDetailsPending() {
  return (
    <ConsoleShell>
      <p role="status" className="app-muted">
        {texts.loading}
      </p>
    </ConsoleShell>
  );
}

/**
 * A tab's own content failed (the documents, the organisation) while the listing loaded: the
 * layout and the tabs stay, the tab says what failed and offers to retry.
 */
export function InquiryTabError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  const problem = parseProblem(error);
  return <ErrorState title={texts.loadFailed} message={problem?.detail ?? texts.loadFailedHint} onRetry={retry} headingLevel={2} />;
}
