import type { TransferSummary } from '@terres/api-client';
import { fillTemplate, formatCubicMetres, formatNumber, TRANSFER_STATUS_LABELS, TRANSFER_STATUSES, type TransferStatus } from '@terres/domain';
import type { DataTableColumn } from '@terres/ui/data-table';
import { Select } from '@terres/ui/select';
import { AdminTablePage } from '../../../components/admin-table-page';
import type { TableSearchChange } from '../../../lib/use-table-url-state';
import { useTransfersPage } from '../api/transfers';
import { cleanSearch, DEFAULT_TRANSFER_STATUS, type TransferStatusFilter, type TransfersSearch } from '../model/search';
import { texts } from '../texts';
import './transfers-admin.css';

export const transferHref = (transfer: Pick<TransferSummary, 'id'>) => `/admin/transfers/${encodeURIComponent(transfer.id)}`;

const party = (side: TransferSummary['cut']) => `${side.organizationName ?? '-'} · ${side.projectName}`;

export function discrepancyText(row: Pick<TransferSummary, 'discrepancy' | 'refusedCount' | 'flaggedLoadCount'>): string {
  if (!row.discrepancy) return texts.noDiscrepancy;
  return fillTemplate(texts.discrepancyParts, { refused: String(row.refusedCount), flagged: String(row.flaggedLoadCount) });
}

const COLUMNS: DataTableColumn<TransferSummary>[] = [
  // The row's link: the CUT site's project and organisation.
  { id: 'cut', header: texts.columns.cut, cell: (row) => party(row.cut) },
  { id: 'fill', header: texts.columns.fill, cell: (row) => party(row.fill) },
  { id: 'status', header: texts.columns.status, cell: (row) => TRANSFER_STATUS_LABELS[row.status as TransferStatus] ?? row.status },
  { id: 'expected', header: texts.columns.expected, align: 'end', cell: (row) => formatCubicMetres(row.expectedVolumeM3) },
  { id: 'departed', header: texts.columns.departed, align: 'end', cell: (row) => formatCubicMetres(row.departedVolumeM3) },
  { id: 'received', header: texts.columns.received, align: 'end', cell: (row) => formatCubicMetres(row.receivedVolumeM3) },
  { id: 'remaining', header: texts.columns.remaining, align: 'end', cell: (row) => formatCubicMetres(row.remainingVolumeM3) },
  { id: 'loads', header: texts.columns.loads, align: 'end', cell: (row) => formatNumber(row.loadCount, 0) },
  { id: 'discrepancy', header: texts.columns.discrepancy, cell: (row) => <span className={row.discrepancy ? 'transfers-admin__warning' : undefined}>{discrepancyText(row)}</span> },
];

const STATUS_OPTIONS = [
  ...TRANSFER_STATUSES.map((status) => ({ value: status, label: TRANSFER_STATUS_LABELS[status] })),
  { value: 'ALL', label: texts.allStatuses },
];
const DISCREPANCY_OPTIONS = [
  { value: 'ALL', label: texts.allTransfers },
  { value: 'true', label: texts.withDiscrepancy },
];

export interface TransfersPageProps {
  search: TransfersSearch;
  onSearchChange: TableSearchChange<TransfersSearch>;
}

const TABLE_TEXTS = {
  title: texts.listTitle,
  intro: texts.listIntro,
  caption: texts.listCaption,
  searchLabel: texts.searchLabel,
  loadFailed: texts.loadFailed,
  capped: texts.capped,
  resetFilters: texts.resetFilters,
};

/**
 * /admin/transfers (issue 18): the open transfers by default, searched by the parties'
 * organisations and projects, filtered by status and by discrepancy (a refused load, a load over
 * the remaining volume, a received volume that differs), paged by the API. Rows open the transfer.
 */
export function TransfersAdminPage({ search, onSearchChange }: TransfersPageProps) {
  const page = useTransfersPage(search);
  return (
    <AdminTablePage<TransferSummary, TransfersSearch>
      texts={TABLE_TEXTS}
      className="transfers-admin"
      search={search}
      onSearchChange={onSearchChange}
      clean={cleanSearch}
      page={page}
      columns={COLUMNS}
      getRowId={(row) => row.id}
      getRowHref={transferHref}
      resetKeys={['q', 'status', 'discrepancy']}
      filters={(change) => (
        <>
          <Select
            label={texts.statusFilter}
            options={STATUS_OPTIONS}
            value={search.status ?? DEFAULT_TRANSFER_STATUS}
            onValueChange={(value) => change({ status: value as TransferStatusFilter })}
          />
          <Select
            label={texts.discrepancyFilter}
            options={DISCREPANCY_OPTIONS}
            value={search.discrepancy ? 'true' : 'ALL'}
            onValueChange={(value) => change({ discrepancy: value === 'true' ? true : undefined })}
          />
        </>
      )}
    />
  );
}
