import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { AppLink, useRouteRetry } from '@terres/app-kit';
import { formatAddress } from '@terres/domain';
import { Card } from '@terres/ui/card';
import { DescriptionList } from '@terres/ui/description-list';
import { ErrorState } from '@terres/ui/error-state';
import { StatusBadge } from '@terres/ui/status-badge';
import { TypeBadge } from '@terres/ui/type-badge';
import { ConsoleShell } from '../../../components/console-shell';
import { listingQueryOptions, soilStudyQueryOptions } from '../api/soil-studies';
import { texts } from '../texts';
import { DownloadStudy } from './soil-studies-page';
import './soil-studies.css';

/**
 * The back bar goes back to the soil studies, where a study is opened from (spec §2 sends every
 * details page but a listing's to the organisations; issue 21, decision 0176).
 */
const BACK_BAR = { label: texts.backBar, href: '/admin/soil-studies' };

const text = (value: string | null | undefined) => (value && value.trim() ? value.trim() : texts.notProvided);

/**
 * /admin/soil-studies/{id} (spec §2; its content is ours): where the study is, its listing (with
 * a link), the organisation (with a link), whether the advertiser delegated the study to the
 * platform, and the file to download, or where to send it from when there is none yet.
 */
export function SoilStudyPage({ id }: { id: string }) {
  const { data: study } = useSuspenseQuery(soilStudyQueryOptions(id));
  const { data: listing } = useSuspenseQuery(listingQueryOptions(study.inquiryId));
  const listingBase = `/admin/inquiry/details/${encodeURIComponent(study.inquiryId)}`;
  return (
    <ConsoleShell title={texts.detailTitle} backBar={BACK_BAR}>
      <div className="soil-study">
        <p className="soil-study__links">
          <AppLink href="/admin/soil-studies">{texts.allStudies}</AppLink>
        </p>

        <Card title={texts.study}>
          <DescriptionList
            items={[
              { term: texts.delegation, description: study.delegated ? texts.delegated : texts.notDelegated },
              {
                term: texts.file,
                description: study.documentId ? (
                  <span className="soil-study__file">
                    <span>{study.fileName}</span>
                    <DownloadStudy study={study} />
                  </span>
                ) : (
                  <span className="soil-study__file">
                    <span>{texts.noFile}</span>
                    <AppLink href={`${listingBase}/documents`}>{texts.sendFromListing}</AppLink>
                  </span>
                ),
              },
            ]}
          />
        </Card>

        <Card title={texts.site}>
          <DescriptionList
            items={[
              { term: texts.street, description: text(study.street) },
              { term: texts.postcode, description: text(study.postcode) },
              { term: texts.city, description: text(study.city) },
              { term: texts.address, description: formatAddress(study.siteAddress) },
            ]}
          />
        </Card>

        <Card title={texts.listing} actions={<AppLink href={`${listingBase}/overview`}>{texts.openListing}</AppLink>}>
          <DescriptionList
            items={[
              { term: texts.project, description: study.projectName },
              { term: texts.type, description: <TypeBadge type={listing.type} /> },
              { term: texts.status, description: <StatusBadge status={listing.status} mode="label" /> },
            ]}
          />
        </Card>

        <Card
          title={texts.organization}
          actions={
            <AppLink href={`/admin/organizations/details/${encodeURIComponent(listing.organizationId)}`}>{texts.openOrganization}</AppLink>
          }
        >
          <DescriptionList items={[{ term: texts.organization, description: study.organizationName }]} />
        </Card>
      </div>
    </ConsoleShell>
  );
}

/** Unknown study (404 'Étude de sol introuvable.'): nothing to retry; anything else may pass on a retry. */
export function SoilStudyError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  const problem = parseProblem(error);
  return (
    <ConsoleShell title={texts.detailTitle} backBar={BACK_BAR}>
      {problem?.status === 404 ? (
        <ErrorState title={problem.detail ?? texts.notFound} />
      ) : (
        <ErrorState title={texts.loadFailedOne} message={problem?.detail ?? texts.loadFailedHint} onRetry={retry} />
      )}
      <p className="soil-study__links">
        <AppLink href="/admin/soil-studies">{texts.allStudies}</AppLink>
      </p>
    </ConsoleShell>
  );
}

export function SoilStudyPending() {
  return (
    <ConsoleShell title={texts.detailTitle} backBar={BACK_BAR}>
      <p role="status" className="app-muted">
        {texts.loading}
      </p>
    </ConsoleShell>
  );
}
