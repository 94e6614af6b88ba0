import type { SoilStudy } from '@terres/api-client';
import { DownloadButton, saveDocument } from '@terres/app-kit';
import { fillTemplate } from '@terres/domain';
import type { DataTableColumn } from '@terres/ui/data-table';
import { Select } from '@terres/ui/select';
import { AdminTablePage } from '../../../components/admin-table-page';
import type { TableSearchChange } from '../../../lib/use-table-url-state';
import { useSoilStudiesPage } from '../api/soil-studies';
import { cleanSearch, type SoilStudiesSearch, type SoilStudyState } from '../model/search';
import { texts } from '../texts';
import './soil-studies.css';

export const soilStudyHref = (study: Pick<SoilStudy, 'id'>) => `/admin/soil-studies/${encodeURIComponent(study.id)}`;

/** Where the study is, for a button's accessible name: '10 Rue du Sauvage, Mulhouse'. */
export function studyPlace(study: Pick<SoilStudy, 'street' | 'city' | 'projectName'>): string {
  return [study.street, study.city].filter((part) => part?.trim()).join(', ') || study.projectName;
}

/** 'Télécharger' for a study with a file, under the file's real name. */
export function DownloadStudy({ study }: { study: Pick<SoilStudy, 'documentId' | 'fileName' | 'street' | 'city' | 'projectName'> }) {
  const documentId = study.documentId;
  if (!documentId) return <span className="app-muted">{texts.delegatedNoFile}</span>;
  return (
    <DownloadButton
      save={() => saveDocument({ id: documentId, fileName: study.fileName })}
      loadingLabel={texts.downloading}
      failedTitle={texts.downloadFailed}
    >
      {texts.download}
      <span className="terres-visually-hidden"> {fillTemplate(texts.downloadOf, { place: studyPlace(study) })}</span>
    </DownloadButton>
  );
}

const dash = (value: string | null | undefined) => (value && value.trim() ? value : '-');

const COLUMNS: DataTableColumn<SoilStudy>[] = [
  // The row's link: never empty (a study without a readable address shows its project).
  { id: 'street', header: texts.columns.street, cell: (row) => row.street?.trim() || row.siteAddress?.trim() || row.projectName },
  { id: 'postcode', header: texts.columns.postcode, cell: (row) => dash(row.postcode) },
  { id: 'city', header: texts.columns.city, cell: (row) => dash(row.city) },
  { id: 'organization', header: texts.columns.organization, cell: (row) => row.organizationName },
  { id: 'file', header: texts.columns.file, cell: (row) => <DownloadStudy study={row} /> },
];

export interface SoilStudiesPageProps {
  search: SoilStudiesSearch;
  onSearchChange: TableSearchChange<SoilStudiesSearch>;
}

const ALL = 'ALL';
const STATE_OPTIONS = [
  { value: ALL, label: texts.stateAll },
  { value: 'delegated', label: texts.stateDelegated },
  { value: 'provided', label: texts.stateProvided },
];

const TABLE_TEXTS = {
  title: texts.title,
  intro: texts.intro,
  caption: texts.caption,
  searchLabel: texts.searchLabel,
  loadFailed: texts.loadFailed,
  capped: texts.capped,
  resetFilters: texts.resetFilters,
};

/**
 * /admin/soil-studies (spec §2): one row per listing with a soil study file or a study delegated
 * to the platform (street, postcode, city, organisation), searched and paged by the API, newest
 * first, filtered by state (the sidebar's 'Études de sol confiées' opens `?state=delegated`,
 * issue 21); 'Télécharger' saves the study under its name, a row opens the study's page.
 */
export function SoilStudiesPage({ search, onSearchChange }: SoilStudiesPageProps) {
  const page = useSoilStudiesPage(search);
  return (
    <AdminTablePage<SoilStudy, SoilStudiesSearch>
      texts={TABLE_TEXTS}
      className="soil-studies-page"
      introClassName="app-muted soil-studies-page__intro"
      search={search}
      onSearchChange={onSearchChange}
      clean={cleanSearch}
      page={page}
      columns={COLUMNS}
      getRowId={(row) => row.id}
      getRowHref={soilStudyHref}
      resetKeys={['q', 'state']}
      resetClassName="soil-studies-page__reset"
      filters={(change) => (
        <Select
          label={texts.stateFilter}
          options={STATE_OPTIONS}
          value={search.state ?? ALL}
          onValueChange={(value) => change({ state: value === ALL ? undefined : (value as SoilStudyState) })}
        />
      )}
    />
  );
}
