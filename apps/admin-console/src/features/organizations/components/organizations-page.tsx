import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Organization } from '@terres/api-client';
import { parseProblem } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { DEFAULT_PAGE_SIZE } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Checkbox } from '@terres/ui/checkbox';
import { DataTable, type DataTableColumn, type DataTableSort } from '@terres/ui/data-table';
import { Select } from '@terres/ui/select';
import { ConsoleShell } from '../../../components/console-shell';
import { useTableUrlState, type TableSearchChange } from '../../../lib/use-table-url-state';
import { cleanSearch, organizationsPageQueryOptions, type OrganizationsSearch } from '../api/queries';
import { texts } from '../texts';
import { VerifiedMark } from './verified-mark';
import './organizations.css';

export interface OrganizationsPageProps {
  /** The table's state, from the URL. */
  search: OrganizationsSearch;
  /** Writes a new state to the URL: `replace` while typing (one history entry per search). */
  onSearchChange: TableSearchChange<OrganizationsSearch>;
}

const ALL = 'ALL';
const VERIFIED_OPTIONS = [
  { value: ALL, label: texts.verifiedAll },
  { value: 'false', label: texts.verifiedNo },
  { value: 'true', label: texts.verifiedYes },
];

const fullName = (first: string | null, last: string | null) => [first, last].filter((part) => part && part.trim() !== '').join(' ');

const COLUMNS: readonly DataTableColumn<Organization>[] = [
  {
    id: 'name',
    header: texts.columnName,
    sortable: true,
    cell: (row) => (
      <span className="console-orgs__name">
        {row.name}
        {row.archived ? <span className="console-orgs__badge" data-tone="archived">{texts.archivedBadge}</span> : null}
      </span>
    ),
  },
  { id: 'email', header: texts.columnEmail, cell: (row) => row.email ?? <span className="app-muted">{texts.notProvided}</span> },
  {
    id: 'representative',
    header: texts.columnRepresentative,
    cell: (row) => fullName(row.representativeFirstName, row.representativeLastName) || <span className="app-muted">{texts.notProvided}</span>,
  },
  { id: 'verified', header: texts.columnVerified, cell: (row) => <VerifiedMark verified={row.verified} /> },
];

/**
 * /admin/organizations (spec §2): the organisations, searched (from 2 characters, accents and
 * case ignored), sorted by name and paged by the API (5, 10 or 25 rows, 5 by default), archived
 * ones on request, filtered by verification (the sidebar's 'Organisations à vérifier' opens
 * `?verified=false`, issue 21); each row opens the organisation's detail. The state lives in the URL.
 */
export function OrganizationsPage({ search, onSearchChange }: OrganizationsPageProps) {
  const query = useQuery({ ...organizationsPageQueryOptions(search), placeholderData: keepPreviousData });
  const { change, setQuery, setPage } = useTableUrlState(search, onSearchChange, cleanSearch);
  const sort: DataTableSort = { columnId: 'name', direction: search.sort === '-name' ? 'desc' : 'asc' };
  const failed = query.isError && !query.isFetching;

  return (
    <ConsoleShell title={texts.pageTitle}>
      <DataTable
        mode="server"
        caption={texts.tableCaption}
        columns={COLUMNS}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        getRowId={(row) => row.id}
        getRowHref={(row) => `/admin/organizations/details/${row.id}`}
        linkComponent={AppLink}
        loading={query.isFetching}
        error={failed ? (parseProblem(query.error)?.detail ?? texts.loadListFailed) : undefined}
        onRetry={() => void query.refetch()}
        searchLabel={texts.searchLabel}
        query={search.q ?? ''}
        onQueryChange={setQuery}
        page={search.page ?? 1}
        onPageChange={setPage}
        pageSize={search.size ?? DEFAULT_PAGE_SIZE}
        onPageSizeChange={(size) => change({ size, page: undefined })}
        sort={sort}
        onSortChange={(next) => change({ sort: next.direction === 'desc' ? '-name' : undefined, page: undefined })}
        toolbar={
          <>
            <Select
              label={texts.verifiedFilter}
              options={VERIFIED_OPTIONS}
              value={search.verified === undefined ? ALL : String(search.verified)}
              onValueChange={(value) => change({ verified: value === ALL ? undefined : value === 'true', page: undefined })}
            />
            <Checkbox
              className="console-orgs__archived"
              label={texts.showArchived}
              checked={search.archived === true}
              onCheckedChange={(checked) => change({ archived: checked === true ? true : undefined, page: undefined })}
            />
            {search.verified !== undefined || search.archived || search.q ? (
              <Button variant="secondary" className="console-orgs__reset" onClick={() => change({ q: undefined, verified: undefined, archived: undefined, page: undefined })}>
                {texts.resetFilters}
              </Button>
            ) : null}
          </>
        }
      />
    </ConsoleShell>
  );
}
