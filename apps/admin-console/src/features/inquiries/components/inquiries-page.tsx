import type { Inquiry, InquiryStatus } from '@terres/api-client';
import {
  fillTemplate,
  formatDate,
  INQUIRY_STATUSES,
  MISSING_DATE_TEXT,
  splitAddressLabel,
  STATUS_LABELS,
} from '@terres/domain';
import type { DataTableColumn, DataTableSort } from '@terres/ui/data-table';
import { Select } from '@terres/ui/select';
import { StatusBadge } from '@terres/ui/status-badge';
import { TypeBadge } from '@terres/ui/type-badge';
import { AdminTablePage } from '../../../components/admin-table-page';
import type { TableSearchChange } from '../../../lib/use-table-url-state';
import { useInquiriesPage } from '../api/inquiries-page';
import { cleanSearch, DEFAULT_INQUIRY_SORT, type InquiriesSearch, type InquiryTableSort } from '../model/search';
import { texts } from '../texts';
import './inquiries.css';

const ALL = 'ALL';

export const detailsHref = (inquiry: Pick<Inquiry, 'id'>) => `/admin/inquiry/details/${encodeURIComponent(inquiry.id)}/overview`;

/** The site's city (from its address label), else the project owner's. */
export function inquiryCity(inquiry: Pick<Inquiry, 'siteAddress' | 'projectOwnerCity'>): string {
  return splitAddressLabel(inquiry.siteAddress)?.city ?? inquiry.projectOwnerCity ?? '';
}

export function availabilityText(inquiry: Pick<Inquiry, 'startDate' | 'endDate'>): string {
  if (!inquiry.startDate && !inquiry.endDate) return MISSING_DATE_TEXT;
  return fillTemplate(texts.availabilityRange, { start: formatDate(inquiry.startDate), end: formatDate(inquiry.endDate) });
}

const COLUMNS: DataTableColumn<Inquiry>[] = [
  { id: 'project', header: texts.columns.project, searchValue: (row) => row.projectName },
  // On a phone's card the badge names itself.
  { id: 'type', header: texts.columns.type, cell: (row) => <TypeBadge type={row.type} />, cardLabel: false },
  { id: 'organization', header: texts.columns.organization, searchValue: (row) => row.organizationName },
  { id: 'city', header: texts.columns.city, searchValue: inquiryCity },
  { id: 'status', header: texts.columns.status, cell: (row) => <StatusBadge status={row.status} mode="label" /> },
  { id: 'availability', header: texts.columns.availability, cell: availabilityText, sortable: true },
  {
    id: 'createdAt',
    header: texts.columns.createdAt,
    cell: (row) => formatDate(row.createdAt),
    sortable: true,
    firstSortDirection: 'desc',
  },
];

const SORT_COLUMNS = { created_at: 'createdAt', start_date: 'availability' } as const;

function toTableSort(sort: InquiryTableSort): DataTableSort {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as keyof typeof SORT_COLUMNS;
  return { columnId: SORT_COLUMNS[field], direction: descending ? 'desc' : 'asc' };
}

function fromTableSort(sort: DataTableSort): InquiryTableSort {
  const field = sort.columnId === 'availability' ? 'start_date' : 'created_at';
  return sort.direction === 'desc' ? `-${field}` : field;
}

const STATUS_OPTIONS = [
  { value: ALL, label: texts.allStatuses },
  ...INQUIRY_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];
const TYPE_OPTIONS = [
  { value: ALL, label: texts.allTypes },
  { value: 'CUT', label: texts.types.CUT },
  { value: 'FILL', label: texts.types.FILL },
];

export interface InquiriesPageProps {
  /** The table's state, read from the URL by the route. */
  search: InquiriesSearch;
  /** Writes a new state to the URL: `replace` while typing (one history entry per search, not per key). */
  onSearchChange: TableSearchChange<InquiriesSearch>;
}

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
 * /admin/inquiries (spec §2): every organisation's listings, searched, filtered, sorted and
 * paged by the API (`GET /inquiries`, total from X-Total-Count). Drafts only when the status
 * filter asks for them (CONTRACT §11). Rows open the listing's overview.
 */
export function InquiriesPage({ search, onSearchChange }: InquiriesPageProps) {
  const page = useInquiriesPage(search);
  return (
    <AdminTablePage<Inquiry, InquiriesSearch>
      texts={TABLE_TEXTS}
      className="inquiries-page"
      introClassName="app-muted inquiries-page__intro"
      search={search}
      onSearchChange={onSearchChange}
      clean={cleanSearch}
      page={page}
      columns={COLUMNS}
      getRowId={(row) => row.id}
      getRowHref={detailsHref}
      sort={{ current: toTableSort(search.sort ?? DEFAULT_INQUIRY_SORT), toSearch: (sort) => ({ sort: fromTableSort(sort) }) }}
      resetKeys={['q', 'status', 'type']}
      resetClassName="inquiries-page__reset"
      filters={(change) => (
        <>
          <Select
            label={texts.statusFilter}
            options={STATUS_OPTIONS}
            value={search.status ?? ALL}
            onValueChange={(value) => change({ status: value === ALL ? undefined : (value as InquiryStatus) })}
          />
          <Select
            label={texts.typeFilter}
            options={TYPE_OPTIONS}
            value={search.type ?? ALL}
            onValueChange={(value) => change({ type: value === ALL ? undefined : (value as 'CUT' | 'FILL') })}
          />
        </>
      )}
    />
  );
}
