import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { parseProblem, type CreditTransaction } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { creditTransactionKindLabel, DEFAULT_PAGE_SIZE, fillTemplate, formatDateTime, formatNumber } from '@terres/domain';
import { Card } from '@terres/ui/card';
import { DataTable, type DataTableColumn } from '@terres/ui/data-table';
import { useState } from 'react';
import { creditLedgerPageQueryOptions } from '../api/queries';
import { texts } from '../texts';

const signed = (amount: number) => (amount > 0 ? `+${formatNumber(amount, 0)}` : formatNumber(amount, 0));

const COLUMNS: readonly DataTableColumn<CreditTransaction>[] = [
  { id: 'date', header: texts.ledgerDate, cell: (line) => formatDateTime(line.createdAt) },
  { id: 'kind', header: texts.ledgerKind, cell: (line) => creditTransactionKindLabel(line.kind) },
  {
    id: 'amount',
    header: texts.ledgerAmount,
    align: 'end',
    cell: (line) => (
      <span className="console-org__amount" data-sign={line.amount < 0 ? 'debit' : 'credit'}>
        {signed(line.amount)}
      </span>
    ),
  },
  { id: 'balance', header: texts.ledgerBalance, align: 'end', cell: (line) => formatNumber(line.balanceAfter, 0) },
  {
    // What the line is about, for people (issue 21: the raw key showed): the listing validated,
    // the purchase's invoice; a grant has nothing more to say than its kind.
    id: 'reference',
    header: texts.ledgerReference,
    cell: (line) =>
      line.inquiryId ? (
        <AppLink href={`/admin/inquiry/details/${line.inquiryId}/overview`}>{line.inquiryProjectName ?? texts.ledgerListingLink}</AppLink>
      ) : line.invoiceNumber ? (
        <span className="console-org__reference">{fillTemplate(texts.ledgerInvoice, { number: line.invoiceNumber })}</span>
      ) : line.reason ? (
        // A grant: the admin's reason and who granted (issue 21).
        <span className="console-org__reason">
          {line.reason}
          {line.grantedBy ? ` (${fillTemplate(texts.ledgerGrantedBy, { name: line.grantedBy })})` : null}
        </span>
      ) : (
        '—'
      ),
  },
];

/** The organisation's credit ledger (CONTRACT §8), newest first, DEFAULT_PAGE_SIZE lines a page, paged by the API. */
export function CreditLedger({ organisationId }: { organisationId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = useQuery({ ...creditLedgerPageQueryOptions(organisationId, page, pageSize), placeholderData: keepPreviousData });
  return (
    <Card title={texts.ledgerTitle}>
      <DataTable
        mode="server"
        caption={texts.ledgerCaption}
        columns={COLUMNS}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        getRowId={(line) => line.id}
        searchable={false}
        page={page}
        onPageChange={setPage}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        loading={query.isPending || (query.isFetching && !query.isError)}
        error={query.isError && !query.isFetching ? (parseProblem(query.error)?.detail ?? texts.ledgerLoadFailed) : undefined}
        onRetry={() => void query.refetch()}
        emptyText={texts.ledgerEmpty}
      />
    </Card>
  );
}
