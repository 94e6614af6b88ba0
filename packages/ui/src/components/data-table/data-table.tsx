import { DEFAULT_PAGE_SIZE, formatNumber, isSearchActive, matchesSearch, PAGE_SIZES } from '@terres/domain';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useOverflows } from '../../hooks/use-overflows';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';
import { AnchorLink, type LinkComponent } from '../tab-menu/link';
import './data-table.css';
import '../form-field/form-field.css';
import '../text-field/text-field.css';

export type SortDirection = 'asc' | 'desc';

/** The sorted column and its direction. */
export interface DataTableSort {
  columnId: string;
  direction: SortDirection;
}

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  /** The cell's content; defaults to `searchValue`. */
  cell?: (row: Row) => ReactNode;
  /** The text the quick search looks in (and the default cell). */
  searchValue?: (row: Row) => string | number | null | undefined;
  align?: 'start' | 'end';
  /** The header becomes a sort button (`aria-sort` on the sorted column). */
  sortable?: boolean;
  /** Client mode: the value compared when sorting; default `searchValue`. */
  sortValue?: (row: Row) => string | number | Date | null | undefined;
  /** Direction of the first click on this header; default 'asc' (dates usually want 'desc'). */
  firstSortDirection?: SortDirection;
  /**
   * On a card (a narrow table: a phone), the name shown before the value; default `header`.
   * `false` for a value that names itself (a type badge). The first column is the card's title
   * and never has one.
   */
  cardLabel?: string | false;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table (its caption), e.g. 'Liste des annonces'. */
  caption: string;
  /** The caption for screen readers only (a heading above already says it). */
  hideCaption?: boolean;
  columns: readonly DataTableColumn<Row>[];
  /** Client mode: every row (searched, sorted and paged here). Server mode: the current page only. */
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** Makes the whole row a link (the first cell holds it; clicking anywhere on the row follows it). */
  getRowHref?: (row: Row) => string;
  linkComponent?: LinkComponent;
  /**
   * 'client' (default): the table searches, sorts and pages `rows` itself.
   * 'server': the API does; `rows` is the current page and `total` the count of matching rows
   * (e.g. the `X-Total-Count` header). Query, page, size and sort come back through the callbacks.
   */
  mode?: 'client' | 'server';
  /** Server mode: the number of rows matching the search and filters, over every page. */
  total?: number;
  /**
   * 'Chargement...'. With rows on screen (next page, new search), they stay visible, greyed, under
   * a 'Chargement...' badge; with none, the line takes their place.
   */
  loading?: boolean;
  /** A failed load: the message shown in place of the rows, announced as an alert. */
  error?: ReactNode;
  /** With `error`: shows 'Réessayer'. */
  onRetry?: () => void;
  /** Shows the search field (searches from 2 characters, ignoring accents and case). */
  searchable?: boolean;
  searchLabel?: string;
  /**
   * The search in effect (controlled): '' or a trimmed text of 2 characters or more. The field
   * keeps what the user types; shorter texts search nothing.
   */
  query?: string;
  defaultQuery?: string;
  /** Called with the new search ('' when the text is shorter than 2 characters), after `searchDelay`. */
  onQueryChange?: (query: string) => void;
  /** Milliseconds of quiet typing before the search applies; default 0 (at once). */
  searchDelay?: number;
  /** Current page, from 1 (controlled). */
  page?: number;
  /** Called with the new page; also with 1 when the search, page size or sort changes. */
  onPageChange?: (page: number) => void;
  /** Page sizes offered; default 5, 10, 25 with 5 first (spec §2). */
  pageSizes?: readonly number[];
  /** Rows per page (controlled). */
  pageSize?: number;
  defaultPageSize?: number;
  onPageSizeChange?: (pageSize: number) => void;
  /** The sort in effect (controlled); null for none. */
  sort?: DataTableSort | null;
  defaultSort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
  /** Controls shown beside the search field, e.g. status and type filters. */
  toolbar?: ReactNode;
  /** Text when there is nothing to show. */
  emptyText?: string;
  /** A row's own class, e.g. to mark a row that needs attention. */
  getRowClassName?: (row: Row) => string | undefined;
  /**
   * Without pages: every row shows and the pager is gone (a short list, e.g. a transfer's
   * loads). Client mode only.
   */
  paged?: boolean;
  className?: string;
}

const LOADING_TEXT = 'Chargement...';
const EMPTY_TEXT = 'Aucune donnée';

/** A value that the caller may control (value + onChange) or leave to the component. */
function useControllable<T>(value: T | undefined, initial: T, onChange?: (value: T) => void): [T, (next: T) => void] {
  const [own, setOwn] = useState(initial);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next);
      onChange?.(next);
    },
    [controlled, onChange],
  );
  return [current, set];
}

/** The search a text asks for: '' below 2 characters, else the trimmed text. */
export function effectiveSearch(text: string): string {
  return isSearchActive(text) ? text.trim() : '';
}

const collator = new Intl.Collator('fr-FR', { numeric: true, sensitivity: 'base' });

function compareValues(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  // Empty values last, whatever the direction is handled by the caller.
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The platform's table (spec §2 'Tables'): quick search, pages of 5, 10 or 25 rows,
 * 'Chargement...' and 'Aucune donnée', rows that are links (Tab reaches each row's link,
 * Enter opens it), sortable headers. In client mode it searches, sorts and pages its rows; in
 * server mode the API does and the table reports what the user asks for. In a narrow box (a
 * phone: under 40rem) each row is a card, its first cell the title and every other value
 * labelled, so nothing (the status least of all) hides off screen; the table and its headers
 * stay for screen readers.
 */
export function DataTable<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  getRowId,
  getRowHref,
  linkComponent: Link = AnchorLink,
  mode = 'client',
  total,
  loading = false,
  error,
  onRetry,
  searchable = true,
  searchLabel = 'Rechercher',
  query: queryProp,
  defaultQuery = '',
  onQueryChange,
  searchDelay = 0,
  page: pageProp,
  onPageChange,
  pageSizes = PAGE_SIZES,
  pageSize: pageSizeProp,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  onPageSizeChange,
  sort: sortProp,
  defaultSort = null,
  onSortChange,
  toolbar,
  emptyText = EMPTY_TEXT,
  getRowClassName,
  paged = true,
  className,
}: DataTableProps<Row>) {
  const id = useId();
  const server = mode === 'server';
  const [query, setQuery] = useControllable(queryProp, effectiveSearch(defaultQuery), onQueryChange);
  const [page, setPage] = useControllable(pageProp, 1, onPageChange);
  const [chosenPageSize, setPageSize] = useControllable(pageSizeProp, defaultPageSize, onPageSizeChange);
  const pageSize = paged || server ? chosenPageSize : Math.max(1, rows.length);
  const [sort, setSort] = useControllable<DataTableSort | null>(
    sortProp,
    defaultSort,
    onSortChange ? (next) => next && onSortChange(next) : undefined,
  );

  // What the field shows: the user's own text, which may be shorter than a search.
  const [text, setText] = useState(queryProp ?? defaultQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A search set from outside (cleared filters, a URL) replaces the text; our own echo does not.
  const textRef = useRef(text);
  textRef.current = text;
  useEffect(() => {
    if (queryProp !== undefined && queryProp !== effectiveSearch(textRef.current)) setText(queryProp);
  }, [queryProp]);

  const toFirstPage = () => {
    if (page !== 1) setPage(1);
  };

  const commitQuery = (next: string) => {
    if (next === query) return;
    setQuery(next);
    toFirstPage();
  };

  const onTextChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const next = effectiveSearch(value);
    if (next === query) return;
    if (searchDelay > 0) timer.current = setTimeout(() => commitQuery(next), searchDelay);
    else commitQuery(next);
  };

  const sortColumn = sort ? columns.find((column) => column.id === sort.columnId) : undefined;

  const filtered = useMemo(() => {
    if (server) return rows;
    const found = rows.filter((row) =>
      matchesSearch(
        columns.map((column) => column.searchValue?.(row)),
        query,
      ),
    );
    if (!sort || !sortColumn) return found;
    const value = sortColumn.sortValue ?? sortColumn.searchValue;
    if (!value) return found;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...found].sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      const empty = (v: unknown) => v === null || v === undefined || v === '';
      if (empty(va) || empty(vb)) return compareValues(va, vb);
      return factor * compareValues(va, vb);
    });
  }, [server, rows, columns, query, sort, sortColumn]);

  const count = server ? Math.max(0, total ?? rows.length) : filtered.length;
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const currentPage = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const start = (currentPage - 1) * pageSize;
  const visible = server ? rows.slice(0, pageSize) : filtered.slice(start, start + pageSize);
  const failed = !loading && error !== undefined && error !== null && error !== false;
  const stale = loading && visible.length > 0;
  const showBody = !failed && visible.length > 0;

  // Server mode: a page past the end (rows deleted, a narrower filter) moves to the last page.
  useEffect(() => {
    if (server && !loading && total !== undefined && page > pageCount) setPage(pageCount);
  }, [server, loading, total, page, pageCount, setPage]);

  const [scrollRef, overflows] = useOverflows<HTMLDivElement>();

  const renderCell = (column: DataTableColumn<Row>, row: Row): ReactNode => {
    if (column.cell) return column.cell(row);
    const value = column.searchValue?.(row);
    return value === null || value === undefined || value === '' ? '-' : value;
  };

  /**
   * A cell's content. On a card (narrow), a cell past the first says what it holds before its
   * value; screen readers already have the column header, so the label is hidden from them.
   */
  const cellContent = (column: DataTableColumn<Row>, row: Row, index: number): ReactNode => {
    const label = index === 0 || column.cardLabel === false ? null : (column.cardLabel ?? column.header);
    if (label === null) return renderCell(column, row);
    return (
      <>
        <span className="terres-data-table__cell-label" aria-hidden="true">
          {label}
        </span>
        <span className="terres-data-table__cell-value">{renderCell(column, row)}</span>
      </>
    );
  };

  const toggleSort = (column: DataTableColumn<Row>) => {
    const direction: SortDirection =
      sort?.columnId === column.id ? (sort.direction === 'asc' ? 'desc' : 'asc') : (column.firstSortDirection ?? 'asc');
    setSort({ columnId: column.id, direction });
    toFirstPage();
  };

  const captionId = `${id}-caption`;
  const range =
    count === 0 || failed || visible.length === 0
      ? '0 résultat'
      : `${formatNumber(start + 1, 0)}–${formatNumber(start + visible.length, 0)} sur ${formatNumber(count, 0)}`;

  return (
    <div className={className ? `terres-data-table ${className}` : 'terres-data-table'}>
      {searchable || toolbar ? (
        <div className="terres-data-table__toolbar">
          {searchable ? (
            <div className="terres-data-table__search-field">
              <label htmlFor={`${id}-search`} className="terres-form-field__label">
                {searchLabel}
              </label>
              <input
                id={`${id}-search`}
                type="search"
                className="terres-input terres-data-table__search"
                value={text}
                onChange={(event) => onTextChange(event.target.value)}
              />
            </div>
          ) : null}
          {toolbar ? <div className="terres-data-table__filters">{toolbar}</div> : null}
        </div>
      ) : null}
      <div className="terres-data-table__frame">
        {/* Over the rows kept on screen while the next ones load; empty (and invisible) otherwise. */}
        <div className="terres-data-table__status" role="status">
          {stale ? <Spinner size="sm" label={LOADING_TEXT} announce={false} /> : null}
        </div>
        <div
          ref={scrollRef}
          className="terres-data-table__scroll"
          // A table wider than the screen scrolls sideways: keyboard users reach it with Tab.
          {...(overflows ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
        >
          <table className="terres-data-table__table" aria-busy={loading || undefined}>
            <caption
              id={captionId}
              className={hideCaption ? 'terres-data-table__caption terres-visually-hidden' : 'terres-data-table__caption'}
            >
              {caption}
            </caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const sorted = sort?.columnId === column.id ? sort.direction : undefined;
                  return (
                    <th
                      key={column.id}
                      scope="col"
                      data-align={column.align ?? 'start'}
                      aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                    >
                      {column.sortable ? (
                        <button
                          type="button"
                          className="terres-data-table__sort"
                          data-sorted={sorted}
                          onClick={() => toggleSort(column)}
                        >
                          {column.header}
                          <span className="terres-data-table__sort-icon" aria-hidden="true" />
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {loading && visible.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="terres-data-table__message" role="status">
                    {LOADING_TEXT}
                  </td>
                </tr>
              ) : null}
              {failed ? (
                <tr>
                  <td colSpan={columns.length} className="terres-data-table__message" data-error="">
                    <div className="terres-data-table__error">
                      <span role="alert">{error}</span>
                      {onRetry ? (
                        <Button variant="secondary" size="sm" onClick={onRetry}>
                          Réessayer
                        </Button>
                      ) : null}
                    </div>
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
                    const own = getRowClassName?.(row);
                    return (
                      <tr
                        key={getRowId(row)}
                        className={own ? `terres-data-table__row ${own}` : 'terres-data-table__row'}
                        data-link={href ? '' : undefined}
                        data-stale={stale ? '' : undefined}
                      >
                        {columns.map((column, index) => (
                          <td key={column.id} data-align={column.align ?? 'start'}>
                            {href && index === 0 ? (
                              <Link href={href} className="terres-data-table__row-link">
                                {renderCell(column, row)}
                              </Link>
                            ) : (
                              cellContent(column, row, index)
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
      </div>
      {paged || server ? (
        <div className="terres-data-table__pagination">
          <div className="terres-data-table__page-size">
            <label htmlFor={`${id}-size`}>Lignes par page</label>
            <select
              id={`${id}-size`}
              value={pageSize}
              onChange={(event) => {
                setPageSize(Number(event.target.value));
                toFirstPage();
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
            {range}
          </p>
          <nav className="terres-data-table__pages" aria-label="Pagination">
            <button
              type="button"
              className="terres-data-table__page-button"
              onClick={() => setPage(currentPage - 1)}
              disabled={loading || failed || currentPage <= 1}
            >
              Page précédente
            </button>
            <span className="terres-data-table__page-number">
              Page {formatNumber(currentPage, 0)} sur {formatNumber(pageCount, 0)}
            </span>
            <button
              type="button"
              className="terres-data-table__page-button"
              onClick={() => setPage(currentPage + 1)}
              disabled={loading || failed || currentPage >= pageCount}
            >
              Page suivante
            </button>
          </nav>
        </div>
      ) : null}
    </div>
  );
}
