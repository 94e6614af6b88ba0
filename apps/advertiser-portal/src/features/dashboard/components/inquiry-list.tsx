import type { Inquiry } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { fillTemplate, formatCredits, formatDate, MISSING_DATE_TEXT } from '@terres/domain';
import { DataTable, type DataTableColumn } from '@terres/ui/data-table';
import { StatusBadge } from '@terres/ui/status-badge';
import { TypeBadge } from '@terres/ui/type-badge';
import type { Dispatch, SetStateAction } from 'react';
import type { DashboardListState } from '../api/inquiries';
import { texts } from '../texts';

/** The detail page of a listing (spec §2: rows link to its overview). */
export function inquiryOverviewHref(id: string): string {
  return `/user/inquiry/details/${encodeURIComponent(id)}/overview`;
}

function availability(inquiry: Inquiry): string {
  if (!inquiry.startDate && !inquiry.endDate) return MISSING_DATE_TEXT;
  return fillTemplate(texts.availability, { start: formatDate(inquiry.startDate), end: formatDate(inquiry.endDate) });
}

const columns: readonly DataTableColumn<Inquiry>[] = [
  {
    id: 'project',
    header: texts.columns.project,
    cell: (inquiry) => inquiry.projectName,
  },
  {
    id: 'type',
    header: texts.columns.type,
    cell: (inquiry) => <TypeBadge type={inquiry.type} />,
    // On a phone's card the badge names itself.
    cardLabel: false,
  },
  {
    id: 'status',
    header: texts.columns.status,
    cell: (inquiry) => <StatusBadge status={inquiry.status} mode="label" />,
  },
  {
    id: 'availability',
    header: texts.columns.availability,
    cell: (inquiry) => availability(inquiry),
  },
  {
    id: 'createdAt',
    header: texts.columns.createdAt,
    cell: (inquiry) => formatDate(inquiry.createdAt),
  },
  {
    id: 'cost',
    header: texts.columns.cost,
    align: 'end',
    cell: (inquiry) => formatCredits(inquiry.cost),
  },
];

export interface InquiryListProps {
  /** The page shown, newest first (the API's order). */
  inquiries: readonly Inquiry[];
  /** Listings matching the search, every page together (`X-Total-Count`). */
  total: number;
  state: DashboardListState;
  /** Takes an update of the state (the table may report the search and the page one after the other). */
  onStateChange: Dispatch<SetStateAction<DashboardListState>>;
  loading: boolean;
  error: string | undefined;
  onRetry: () => void;
}

/**
 * The organisation's listings, newest first, paged and searched by the API (issue 20: an
 * organisation may have hundreds; the API answers a page at a time); each row opens the listing
 * (spec §2). The search covers the project name, the site address and the maître d'ouvrage.
 */
export function InquiryList({ inquiries, total, state, onStateChange, loading, error, onRetry }: InquiryListProps) {
  return (
    <DataTable
      mode="server"
      className="dashboard-list"
      caption={texts.tableCaption}
      searchLabel={texts.search}
      columns={columns}
      rows={inquiries}
      total={total}
      getRowId={(inquiry) => inquiry.id}
      getRowHref={(inquiry) => inquiryOverviewHref(inquiry.id)}
      linkComponent={AppLink}
      query={state.query}
      onQueryChange={(query) => onStateChange((current) => ({ ...current, query, page: 1 }))}
      searchDelay={300}
      page={state.page}
      onPageChange={(page) => onStateChange((current) => ({ ...current, page }))}
      pageSize={state.pageSize}
      onPageSizeChange={(pageSize) => onStateChange((current) => ({ ...current, pageSize, page: 1 }))}
      loading={loading}
      error={error}
      onRetry={onRetry}
    />
  );
}
