// The console's server-paged tables (listings, soil studies, transfers) share one shape: a title
// and a lead, a searchable table paged by the API, filters in its toolbar with 'Réinitialiser',
// the state in the URL (src/lib/use-table-url-state.ts), the API's failure in the table with a
// retry, and a note when a quick search stopped counting. Each page brings its columns, texts,
// filters and sort; this owns the rest, once.
import type { UseQueryResult } from '@tanstack/react-query';
import { parseProblem, type Page } from '@terres/api-client';
import { AppLink } from '@terres/app-kit';
import { DEFAULT_PAGE_SIZE, fillTemplate, formatNumber } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { DataTable, type DataTableColumn, type DataTableSort } from '@terres/ui/data-table';
import type { ReactNode } from 'react';
import { useTableUrlState, type TableSearchChange, type TableUrlSearch } from '../lib/use-table-url-state';
import { ConsoleShell } from './console-shell';

/** The URL state every paged table has: search, page and page size. */
export interface AdminTableSearch extends TableUrlSearch {
  size?: number | undefined;
}

/** Writes a patch of the table's state to the URL (a filter or sort change pushes a history entry). */
export type TableChange<S> = (patch: Partial<S>) => void;

export interface AdminTablePageTexts {
  title: string;
  intro: string;
  caption: string;
  searchLabel: string;
  /** Shown in the table, followed by the API's detail. */
  loadFailed: string;
  /** 'Plus de {total} ...': the note under a search that stopped counting. */
  capped: string;
  /** The button that clears the filters (with `resetKeys`). */
  resetFilters?: string;
}

export interface AdminTablePageProps<Row, S extends AdminTableSearch> {
  texts: AdminTablePageTexts;
  /** The page's own class (its stylesheet), and its lead's. */
  className: string;
  introClassName?: string;
  /** The table's state, read from the URL by the route, and how to write a new one. */
  search: S;
  onSearchChange: TableSearchChange<S>;
  /** The route's reader: drops defaults and unreadable values (what the URL shows). */
  clean: (search: S) => S;
  /** The page of rows the URL asks for (keeping the previous rows while the next loads). */
  page: UseQueryResult<Page<Row>, unknown>;
  columns: readonly DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  getRowHref: (row: Row) => string;
  /** A sortable table: the sort shown for the state, and the state for a sort chosen. */
  sort?: { current: DataTableSort; toSearch: (sort: DataTableSort) => Partial<S> };
  /** The toolbar's filters; each calls `change` with its patch (the page goes back to 1). */
  filters?: (change: TableChange<S>) => ReactNode;
  /** The state's keys the filters and 'Réinitialiser' cover (the search `q` among them). */
  resetKeys?: readonly (keyof S)[];
  resetClassName?: string;
}

export function AdminTablePage<Row, S extends AdminTableSearch>({
  texts,
  className,
  introClassName = 'app-muted',
  search,
  onSearchChange,
  clean,
  page,
  columns,
  getRowId,
  getRowHref,
  sort,
  filters,
  resetKeys = [],
  resetClassName,
}: AdminTablePageProps<Row, S>) {
  const { change, setQuery, setPage } = useTableUrlState(search, onSearchChange, clean);
  // A new filter, sort or page size shows the first page.
  const changeFromFirstPage: TableChange<S> = (patch) => change({ ...patch, page: undefined });
  const filtered = resetKeys.some((key) => Boolean(search[key]));
  const problem = page.isError ? parseProblem(page.error) : null;
  const reset = Object.fromEntries(resetKeys.map((key) => [key, undefined])) as Partial<S>;
  const toolbar =
    filters || resetKeys.length > 0 ? (
      <>
        {filters?.(changeFromFirstPage)}
        {filtered && texts.resetFilters ? (
          <Button variant="secondary" className={resetClassName} onClick={() => changeFromFirstPage(reset)}>
            {texts.resetFilters}
          </Button>
        ) : null}
      </>
    ) : undefined;
  return (
    <ConsoleShell title={texts.title}>
      <div className={className}>
        <p className={introClassName}>{texts.intro}</p>
        <DataTable<Row>
          mode="server"
          caption={texts.caption}
          columns={columns}
          rows={page.data?.items ?? []}
          total={page.data?.total ?? 0}
          getRowId={getRowId}
          getRowHref={getRowHref}
          linkComponent={AppLink}
          loading={page.isPending || page.isPlaceholderData}
          error={page.isError ? [texts.loadFailed, problem?.detail].filter(Boolean).join(' : ') : undefined}
          onRetry={() => void page.refetch()}
          searchLabel={texts.searchLabel}
          query={search.q ?? ''}
          onQueryChange={setQuery}
          page={search.page ?? 1}
          onPageChange={setPage}
          pageSize={search.size ?? DEFAULT_PAGE_SIZE}
          onPageSizeChange={(size) => changeFromFirstPage({ size } as Partial<S>)}
          {...(sort ? { sort: sort.current, onSortChange: (next: DataTableSort) => changeFromFirstPage(sort.toSearch(next)) } : {})}
          {...(toolbar ? { toolbar } : {})}
        />
        {page.data?.totalCapped ? (
          <p className="app-muted" role="note">
            {fillTemplate(texts.capped, { total: formatNumber(page.data.total, 0) })}
          </p>
        ) : null}
      </div>
    </ConsoleShell>
  );
}
