import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { useRouteRetry } from '@terres/app-kit';
import { fillTemplate, formatDate } from '@terres/domain';
import { ErrorState } from '@terres/ui/error-state';
import { TypeBadge } from '@terres/ui/type-badge';
import { userInquiryTabs } from '@terres/ui/user-shell';
import type { ReactNode } from 'react';
import { PortalShell } from '../../../components/portal-shell';
import { inquiryQueryOptions } from '../api/inquiry';
import { texts } from '../texts';
import { InquiryActions } from './inquiry-actions';
import { StatusNotice } from './status-notice';
import './inquiry-details.css';

/**
 * /user/inquiry/details/{id}/* (spec §2): the project's name as the page title, the three tabs
 * (Vue d'ensemble, Récapitulatif détaillé, Documents), and what applies to every tab: the type,
 * the actions the status allows (PDF, edit, resubmit, delete) and the draft or refusal notice.
 */
export function InquiryDetailsLayout({ id, children }: { id: string; children?: ReactNode }) {
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  return (
    <PortalShell title={inquiry.projectName} secondaryMenu={{ label: texts.tabsLabel, items: userInquiryTabs(id) }}>
      <div className="inquiry-details">
        <div className="inquiry-details__summary">
          <p className="inquiry-details__meta">
            <TypeBadge type={inquiry.type} />
            <span>{fillTemplate(texts.createdOn, { date: formatDate(inquiry.createdAt) })}</span>
          </p>
          <InquiryActions inquiry={inquiry} />
        </div>
        <StatusNotice inquiry={inquiry} />
        {children}
      </div>
    </PortalShell>
  );
}

/**
 * The listing could not be shown. Unknown or another organisation's (404, spec §8): 'Erreur :
 * annonce introuvable.', nothing to retry (the back bar leads to the dashboard). Anything else
 * may pass on a retry.
 */
export function InquiryDetailsError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  const problem = parseProblem(error);
  if (problem?.status === 404) {
    return (
      <PortalShell>
        <ErrorState title={texts.notFound} />
      </PortalShell>
    );
  }
  return (
    <PortalShell>
      <ErrorState
        title={texts.loadFailed}
        message={problem?.detail ?? texts.loadFailedHint}
        onRetry={retry}
      />
    </PortalShell>
  );
}
