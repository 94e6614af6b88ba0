import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: string;
  street: string;
  city: string;
}

const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i),
  street: `${i + 1} rue de l'Église`,
  city: i === 7 ? 'Sélestat' : 'Colmar',
}));
const columns: DataTableColumn<Row>[] = [
  { id: 'street', header: 'Rue', searchValue: (r) => r.street },
  { id: 'city', header: 'Ville', searchValue: (r) => r.city },
];

function setup(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <DataTable
      caption="Études de sol"
      columns={columns}
      rows={rows}
      getRowId={(r) => r.id}
      getRowHref={(r) => `/admin/soil-studies/${r.id}`}
      {...props}
    />,
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('shows 25 rows by default', () => {
    setup();
    expect(bodyRows()).toHaveLength(12);
    expect(screen.getByText('1–12 sur 12')).toBeInTheDocument();
  });

  it('pages in French', async () => {
    setup({ defaultPageSize: 5 });
    expect(screen.getByRole('table', { name: 'Études de sol' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    expect(screen.getByText('1–5 sur 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
  });

  it('offers 5, 10 and 25 rows per page', async () => {
    setup({ defaultPageSize: 5 });
    const select = screen.getByLabelText('Lignes par page');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await userEvent.selectOptions(select, '25');
    expect(bodyRows()).toHaveLength(12);
  });

  it('searches from 2 characters, ignoring accents and case', async () => {
    setup({ defaultPageSize: 5 });
    const search = screen.getByLabelText('Rechercher');
    await userEvent.type(search, 's');
    expect(bodyRows()).toHaveLength(5);
    await userEvent.type(search, 'ELEST');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('link', { name: "8 rue de l'Église" })).toHaveAttribute('href', '/admin/soil-studies/7');
  });

  it('reads Chargement... while loading and Aucune donnée when empty', () => {
    const { rerender } = setup({ loading: true });
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    rerender(<DataTable caption="Études de sol" columns={columns} rows={[]} getRowId={(r) => r.id} />);
    expect(screen.getByText('Aucune donnée')).toBeInTheDocument();
  });

  it('shows a load error as an alert instead of the rows', () => {
    setup({ error: 'Impossible de charger les annonces' });
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger les annonces');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('puts each row link in the tab order', async () => {
    setup({ searchable: false });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: "1 rue de l'Église" })).toHaveFocus();
  });
});

describe('DataTable in client mode, sorting', () => {
  it('sorts by a sortable header, then the other way, with aria-sort', async () => {
    setup({
      searchable: false,
      columns: [
        { id: 'street', header: 'Rue', searchValue: (r) => r.street, sortable: true },
        { id: 'city', header: 'Ville', searchValue: (r) => r.city, sortable: true },
      ],
    });
    const header = screen.getByRole('columnheader', { name: 'Ville' });
    expect(header).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(header).getByRole('button', { name: 'Ville' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows()[0]).toHaveTextContent('Colmar');
    await userEvent.click(within(header).getByRole('button', { name: 'Ville' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[0]).toHaveTextContent('Sélestat');
  });
});

describe('DataTable in server mode', () => {
  const page2 = rows.slice(5, 10);

  function server(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
    const handlers = {
      onQueryChange: vi.fn(),
      onPageChange: vi.fn(),
      onPageSizeChange: vi.fn(),
      onSortChange: vi.fn(),
    };
    const view = render(
      <DataTable
        mode="server"
        caption="Liste des annonces"
        columns={[
          { id: 'street', header: 'Rue', searchValue: (r) => r.street },
          { id: 'city', header: 'Ville', searchValue: (r) => r.city, sortable: true, firstSortDirection: 'desc' },
        ]}
        rows={page2}
        total={1234}
        page={2}
        pageSize={5}
        query=""
        getRowId={(r) => r.id}
        {...handlers}
        {...props}
      />,
    );
    return { ...view, ...handlers };
  }

  it('shows the page it is given, the total in French and pages through the callbacks', async () => {
    const { onPageChange } = server();
    expect(bodyRows()).toHaveLength(5);
    expect(bodyRows()[0]).toHaveTextContent("6 rue de l'Église");
    // '1\u202f234' in the page; Testing Library folds the narrow no-break space into a space.
    expect(screen.getByText('6–10 sur 1 234')).toBeInTheDocument();
    expect(screen.getByText('Page 2 sur 247')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('asks for a search from 2 characters only, and back to page 1', async () => {
    const { onQueryChange, onPageChange } = server();
    const search = screen.getByLabelText('Rechercher');
    await userEvent.type(search, 'é');
    expect(onQueryChange).not.toHaveBeenCalled();
    await userEvent.type(search, 'g');
    expect(onQueryChange).toHaveBeenCalledWith('ég');
    expect(onPageChange).toHaveBeenCalledWith(1);
    // The rows are the server's: the table does not filter them itself.
    expect(bodyRows()).toHaveLength(5);
  });

  it('waits for a pause in typing when given a search delay', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { onQueryChange } = server({ searchDelay: 300 });
      const search = screen.getByLabelText('Rechercher');
      fireEvent.change(search, { target: { value: 'col' } });
      vi.advanceTimersByTime(200);
      fireEvent.change(search, { target: { value: 'colmar' } });
      vi.advanceTimersByTime(299);
      expect(onQueryChange).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(onQueryChange).toHaveBeenCalledTimes(1);
      expect(onQueryChange).toHaveBeenCalledWith('colmar');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a search set from outside, and clears the field when the search is cleared', () => {
    const { rerender } = server({ query: 'colmar' });
    expect(screen.getByLabelText('Rechercher')).toHaveValue('colmar');
    rerender(
      <DataTable mode="server" caption="Liste" columns={columns} rows={page2} total={12} query="" getRowId={(r) => r.id} />,
    );
    expect(screen.getByLabelText('Rechercher')).toHaveValue('');
  });

  it('changes the page size and goes back to page 1', async () => {
    const { onPageSizeChange, onPageChange } = server();
    await userEvent.selectOptions(screen.getByLabelText('Lignes par page'), '25');
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('asks for a sort from the header, first in the column direction, and marks the sorted column', async () => {
    const { onSortChange, rerender } = server();
    await userEvent.click(screen.getByRole('button', { name: 'Ville' }));
    expect(onSortChange).toHaveBeenCalledWith({ columnId: 'city', direction: 'desc' });
    rerender(
      <DataTable
        mode="server"
        caption="Liste"
        columns={[{ id: 'city', header: 'Ville', searchValue: (r: Row) => r.city, sortable: true }]}
        rows={page2}
        total={12}
        sort={{ columnId: 'city', direction: 'asc' }}
        getRowId={(r) => r.id}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('keeps the rows on screen, greyed, under Chargement... while the next page loads', () => {
    server({ loading: true });
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('status').some((node) => node.textContent === 'Chargement...')).toBe(true);
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
  });

  it('reads Chargement... in place of the rows on the first load', () => {
    server({ loading: true, rows: [], total: undefined });
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Chargement...');
  });

  it('shows an error with Réessayer', async () => {
    const onRetry = vi.fn();
    server({ error: 'Impossible de charger les annonces', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger les annonces');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('moves to the last page when the total shrinks below the current page', async () => {
    const { onPageChange } = server({ page: 9, total: 12, rows: [] });
    await waitFor(() => expect(onPageChange).toHaveBeenCalledWith(3));
  });

  it('holds filters in the toolbar slot', () => {
    server({ toolbar: <button type="button">Filtre</button> });
    expect(screen.getByRole('button', { name: 'Filtre' })).toBeInTheDocument();
  });

  it('labels each value past the first for the phone cards (hidden from screen readers), unless told not to', () => {
    setup({
      columns: [
        ...columns,
        { id: 'kind', header: 'Type', cell: () => 'Déblai', cardLabel: false },
        { id: 'note', header: 'Remarque', cell: () => 'RAS', cardLabel: 'Note' },
      ],
    });
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.querySelector('.terres-data-table__cell-label')?.textContent ?? null)).toEqual([null, 'Ville', null, 'Note']);
    expect(cells[1]!.querySelector('.terres-data-table__cell-label')).toHaveAttribute('aria-hidden', 'true');
    expect(cells[1]).toHaveAccessibleName('Colmar');
    expect(screen.getByRole('columnheader', { name: 'Ville' })).toBeInTheDocument();
  });

  it('without pages shows every row and no pager; a row may carry its own class; the caption may be for screen readers only', () => {
    setup({
      paged: false,
      defaultPageSize: 5,
      hideCaption: true,
      getRowClassName: (row) => (row.city === 'Sélestat' ? 'is-flagged' : undefined),
    });
    expect(bodyRows()).toHaveLength(12);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Lignes par page')).not.toBeInTheDocument();
    expect(bodyRows().filter((row) => row.classList.contains('is-flagged'))).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Études de sol' }).querySelector('caption')).toHaveClass('terres-visually-hidden');
  });
});
