import type { Inquiry } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { fillTemplate, formatCredits, formatDate, MISSING_DATE_TEXT, statusLabel, typeLabel } from '@terres/domain';
import { DataTable, type DataTableColumn } from '@terres/ui/data-table';
import { StatusBadge } from '@terres/ui/status-badge';
import { TypeBadge } from '@terres/ui/type-badge';
import type { ReactNode } from 'react';
import { texts } from '../texts';

/** The detail page of a listing (spec §2: rows link to its overview). */
export function inquiryOverviewHref(id: string): string {
  return `/user/inquiry/details/${encodeURIComponent(id)}/overview`;
}

function availability(inquiry: Inquiry): string {
  if (!inquiry.startDate && !inquiry.endDate) return MISSING_DATE_TEXT;
  return fillTemplate(texts.availability, { start: formatDate(inquiry.startDate), end: formatDate(inquiry.endDate) });
}

/** On a phone each row is a card: the cell says what it holds (the column headers are off screen). */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <span className="dashboard-list__label">{label} : </span>
      {children}
    </>
  );
}

const columns: readonly DataTableColumn<Inquiry>[] = [
  {
    id: 'project',
    header: texts.columns.project,
    searchValue: (inquiry) => `${inquiry.projectName} ${inquiry.siteAddress ?? ''}`,
    cell: (inquiry) => inquiry.projectName,
  },
  {
    id: 'type',
    header: texts.columns.type,
    searchValue: (inquiry) => typeLabel(inquiry.type),
    cell: (inquiry) => <TypeBadge type={inquiry.type} />,
  },
  {
    id: 'status',
    header: texts.columns.status,
    searchValue: (inquiry) => statusLabel(inquiry.status),
    cell: (inquiry) => (
      <Labelled label={texts.columns.status}>
        <StatusBadge status={inquiry.status} mode="label" />
      </Labelled>
    ),
  },
  {
    id: 'availability',
    header: texts.columns.availability,
    cell: (inquiry) => <Labelled label={texts.columns.availability}>{availability(inquiry)}</Labelled>,
  },
  {
    id: 'createdAt',
    header: texts.columns.createdAt,
    cell: (inquiry) => <Labelled label={texts.columns.createdAt}>{formatDate(inquiry.createdAt)}</Labelled>,
  },
  {
    id: 'cost',
    header: texts.columns.cost,
    align: 'end',
    cell: (inquiry) => <Labelled label={texts.columns.cost}>{formatCredits(inquiry.cost)}</Labelled>,
  },
];

/** The organisation's listings, newest first; each row opens the listing (spec §2). */
export function InquiryList({ inquiries }: { inquiries: readonly Inquiry[] }) {
  const rows = [...inquiries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <DataTable
      className="dashboard-list"
      caption={texts.tableCaption}
      searchLabel={texts.search}
      columns={columns}
      rows={rows}
      getRowId={(inquiry) => inquiry.id}
      getRowHref={(inquiry) => inquiryOverviewHref(inquiry.id)}
      linkComponent={AppLink}
      defaultPageSize={10}
    />
  );
}
