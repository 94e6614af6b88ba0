import { DEFAULT_PAGE_SIZE, matchesSearch, PAGE_SIZES } from '@terres/domain';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { AnchorLink, type LinkComponent } from '../tab-menu/link';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** The cell's content; defaults to `searchValue`. */
  cell?: (row: Row) => ReactNode;
  /** The text the quick search looks in (and the default cell). */
  searchValue?: (row: Row) => string | number | null | undefined;
  align?: 'start' | 'end';
}

export interface DataTableProps<Row> {
  /** Accessible name of the table (its caption), e.g. 'Liste des annonces'. */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** Makes the whole row a link (the first cell holds it; clicking anywhere on the row follows it). */
  getRowHref?: (row: Row) => string;
  linkComponent?: LinkComponent;
  loading?: boolean;
  /** A failed load: the message shown in place of the rows, announced as an alert. */
  error?: ReactNode;
  /** Shows the search field (searches from 2 characters, ignoring accents and case). */
  searchable?: boolean;
  searchLabel?: string;
  /** Text when there is nothing to show. */
  emptyText?: string;
  /** Page sizes offered; default 5, 10, 25 with 5 first (spec §2). */
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  className?: string;
}

const LOADING_TEXT = 'Chargement...';
const EMPTY_TEXT = 'Aucune donnée';

/**
 * The platform's table (spec §2 'Tables'): quick search, pages of 5, 10 or 25 rows,
 * 'Chargement...' and 'Aucune donnée', rows that are links (Tab reaches each row's link,
 * Enter opens it).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  getRowId,
  getRowHref,
  linkComponent: Link = AnchorLink,
  loading = false,
  error,
  searchable = true,
  searchLabel = 'Rechercher',
  emptyText = EMPTY_TEXT,
  pageSizes = PAGE_SIZES,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  className,
}: DataTableProps<Row>) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [page, setPage] = useState(0);

  const filtered = useMemo(
    () =>
      rows.filter((row) =>
        matchesSearch(
          columns.map((column) => column.searchValue?.(row)),
          query,
        ),
      ),
    [rows, columns, query],
  );

  const pageCount = Math.max(1, Math.ceil(filtered.length / pageSize));
  const currentPage = Math.min(page, pageCount - 1);
  const start = currentPage * pageSize;
  const visible = filtered.slice(start, start + pageSize);
  const failed = !loading && error !== undefined && error !== null && error !== false;
  const showBody = !loading && !failed && visible.length > 0;

  const renderCell = (column: DataTableColumn<Row>, row: Row): ReactNode => {
    if (column.cell) return column.cell(row);
    const value = column.searchValue?.(row);
    return value === null || value === undefined || value === '' ? '-' : value;
  };

  return (
    <div className={className ? `terres-data-table ${className}` : 'terres-data-table'}>
      {searchable ? (
        <div className="terres-data-table__toolbar">
          <label htmlFor={`${id}-search`} className="terres-data-table__label">
            {searchLabel}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="terres-data-table__search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(0);
            }}
          />
        </div>
      ) : null}
      <div className="terres-data-table__scroll">
        <table className="terres-data-table__table" aria-busy={loading || undefined}>
          <caption className="terres-data-table__caption">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" data-align={column.align ?? 'start'}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={columns.length} className="terres-data-table__message" role="status">
                  {LOADING_TEXT}
                </td>
              </tr>
            ) : null}
            {failed ? (
              <tr>
                <td colSpan={columns.length} className="terres-data-table__message" data-error="">
                  <span role="alert">{error}</span>
                </td>
              </tr>
            ) : null}
            {!loading && !failed && visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="terres-data-table__message">
                  {emptyText}
                </td>
              </tr>
            ) : null}
            {showBody
              ? visible.map((row) => {
                  const href = getRowHref?.(row);
                  return (
                    <tr key={getRowId(row)} className="terres-data-table__row" data-link={href ? '' : undefined}>
                      {columns.map((column, index) => (
                        <td key={column.id} data-align={column.align ?? 'start'}>
                          {href && index === 0 ? (
                            <Link href={href} className="terres-data-table__row-link">
                              {renderCell(column, row)}
                            </Link>
                          ) : (
                            renderCell(column, row)
                          )}
                        </td>
                      ))}
                    </tr>
                  );
                })
              : null}
          </tbody>
        </table>
      </div>
      <div className="terres-data-table__pagination">
        <div className="terres-data-table__page-size">
          <label htmlFor={`${id}-size`}>Lignes par page</label>
          <select
            id={`${id}-size`}
            value={pageSize}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <p className="terres-data-table__range" aria-live="polite">
          {filtered.length === 0 || loading || failed
            ? '0 résultat'
            : `${start + 1}–${start + visible.length} sur ${filtered.length}`}
        </p>
        <nav className="terres-data-table__pages" aria-label="Pagination">
          <button
            type="button"
            className="terres-data-table__page-button"
            onClick={() => setPage(currentPage - 1)}
            disabled={loading || failed || currentPage === 0}
          >
            Page précédente
          </button>
          <span>
            Page {currentPage + 1} sur {pageCount}
          </span>
          <button
            type="button"
            className="terres-data-table__page-button"
            onClick={() => setPage(currentPage + 1)}
            disabled={loading || failed || currentPage >= pageCount - 1}
          >
            Page suivante
          </button>
        </nav>
      </div>
    </div>
  );
}
