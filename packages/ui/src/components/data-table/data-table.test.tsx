import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  it('shows 5 rows by default and pages in French', async () => {
    setup();
    expect(screen.getByRole('table', { name: 'Études de sol' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    expect(screen.getByText('1–5 sur 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
  });

  it('offers 5, 10 and 25 rows per page', async () => {
    setup();
    const select = screen.getByLabelText('Lignes par page');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await userEvent.selectOptions(select, '25');
    expect(bodyRows()).toHaveLength(12);
  });

  it('searches from 2 characters, ignoring accents and case', async () => {
    setup();
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
