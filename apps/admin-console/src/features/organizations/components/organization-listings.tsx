import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { parseProblem, type Inquiry } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { DEFAULT_PAGE_SIZE, formatDate } from '@terres/domain';
import { Card } from '@terres/ui/card';
import { DataTable, type DataTableColumn } from '@terres/ui/data-table';
import { StatusBadge } from '@terres/ui/status-badge';
import { TypeBadge } from '@terres/ui/type-badge';
import { useState } from 'react';
import { organizationListingsQueryOptions } from '../api/queries';
import { texts } from '../texts';

const COLUMNS: readonly DataTableColumn<Inquiry>[] = [
  { id: 'project', header: texts.listingsProject, cell: (row) => row.projectName },
  { id: 'type', header: texts.listingsType, cell: (row) => <TypeBadge type={row.type} />, cardLabel: false },
  { id: 'status', header: texts.listingsStatus, cell: (row) => <StatusBadge status={row.status} mode="label" /> },
  { id: 'created', header: texts.listingsCreated, cell: (row) => formatDate(row.createdAt) },
];

/** The organisation's published listings, newest first, paged by the API; each opens its detail. */
export function OrganizationListings({ organisationId }: { organisationId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = useQuery({ ...organizationListingsQueryOptions(organisationId, page, pageSize), placeholderData: keepPreviousData });
  return (
    <Card title={texts.listingsTitle}>
      <DataTable
        mode="server"
        caption={texts.listingsCaption}
        columns={COLUMNS}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        getRowId={(row) => row.id}
        getRowHref={(row) => `/admin/inquiry/details/${row.id}/overview`}
        linkComponent={AppLink}
        searchable={false}
        page={page}
        onPageChange={setPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        loading={query.isFetching}
        error={query.isError && !query.isFetching ? (parseProblem(query.error)?.detail ?? texts.listingsLoadFailed) : undefined}
        onRetry={() => void query.refetch()}
        emptyText={texts.listingsEmpty}
      />
    </Card>
  );
}
