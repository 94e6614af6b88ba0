import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatDate, matchesSearch, STATUS_LABELS, type InquiryStatus } from '@terres/domain';
import { useCallback, useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select } from '../select/select';
import { StatusBadge } from '../status-badge/status-badge';
import { TypeBadge } from '../type-badge/type-badge';
import { expectFitsPhone, expectOnScreen, PHONE_GLOBALS } from '../../../.storybook/phone';
import { DataTable, type DataTableColumn, type DataTableSort } from './data-table';

interface Organisation {
  id: string;
  name: string;
  email: string;
  representative: string;
  verified: boolean;
}

const names = ['Terrassements Müller', 'Énergie Verte', 'BTP Alsace', 'Carrières du Rhin', 'Génie Civil Est', 'Voirie Colmar', 'Sols & Co'];
const organisations: Organisation[] = names.map((name, index) => ({
  id: String(index + 1),
  name,
  email: `contact${index + 1}@exemple.fr`,
  representative: index % 2 ? 'Élodie Martin' : 'Jean Dupont',
  verified: index % 3 === 0,
}));

const columns: DataTableColumn<Organisation>[] = [
  { id: 'name', header: 'Nom', searchValue: (row) => row.name },
  { id: 'email', header: 'Email', searchValue: (row) => row.email },
  { id: 'representative', header: 'Représentant', searchValue: (row) => row.representative },
  { id: 'verified', header: 'Vérifiée', cell: (row) => (row.verified ? 'Oui' : 'Non') },
];

const meta = {
  title: 'Components/DataTable',
  component: DataTable<Organisation>,
  tags: ['autodocs'],
  args: {
    caption: 'Liste des organisations',
    columns,
    rows: organisations,
    getRowId: (row: Organisation) => row.id,
    getRowHref: (row: Organisation) => `#/admin/organizations/details/${row.id}`,
    // Fewer rows a page than the default 25, so the stories show the pager at work.
    defaultPageSize: 5,
  },
} satisfies Meta<typeof DataTable<Organisation>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // 5 rows a page (the stories' size), plus the header row.
    await expect(canvas.getAllByRole('row')).toHaveLength(6);
    await expect(canvas.getByText('Page 1 sur 2')).toBeInTheDocument();
  },
};

/** The quick search ignores accents and case: 'energie' finds 'Énergie Verte'. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Rechercher'), 'energie');
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'Énergie Verte' })).toBeInTheDocument();
  },
};

/** Each row's link is reachable with Tab; the focused row is highlighted. */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Terrassements Müller' })).toHaveFocus();
  },
};

export const Hovered: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('link', { name: 'BTP Alsace' }));
  },
};

export const NextPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Page suivante' }));
    await expect(canvas.getByText('Page 2 sur 2')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
  },
};

const onDownload = fn();

/** A button inside a linked row stays clickable (soil studies: 'Télécharger'). */
export const WithRowAction: Story = {
  args: {
    columns: [
      ...columns.slice(0, 2),
      {
        id: 'download',
        header: 'Étude',
        cell: (row: Organisation) => (
          <button type="button" onClick={() => onDownload(row.id)} aria-label={`Télécharger l'étude de ${row.name}`}>
            Télécharger
          </button>
        ),
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: "Télécharger l'étude de BTP Alsace" }));
    await expect(onDownload).toHaveBeenCalledWith('3');
  },
};

/** First load: nothing to show yet. */
export const Loading: Story = { args: { loading: true, rows: [] } };

/** A sortable column: the header is a button, the sorted column says so (aria-sort). */
export const Sortable: Story = {
  args: {
    columns: columns.map((column) => (column.id === 'name' ? { ...column, sortable: true } : column)),
    defaultSort: { columnId: 'name', direction: 'asc' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: 'Nom' });
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('BTP Alsace');
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('Voirie Colmar');
  },
};

/** A failed load (spec §8: exposed as an error state). */
export const LoadError: Story = { args: { error: 'Impossible de charger les annonces', onRetry: fn() } };

/** A search that finds nothing reads 'Aucune donnée' too. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Rechercher'), 'zzz');
    await expect(canvas.getByText('Aucune donnée')).toBeInTheDocument();
  },
};

export const Empty: Story = { args: { rows: [] } };

export const NoSearchNoLinks: Story = { args: { searchable: false, getRowHref: undefined } };

/**
 * At 375 px each row is a card (review of 2026-11-27: the console's tables scrolled sideways with
 * the status off screen): the first cell is its title (the row's link), every other value is on
 * screen with its column's name beside it. Nothing scrolls, so the frame is no region and adds
 * no Tab stop; the table and its column headers stay for screen readers.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region')).toBeNull();
    const table = canvas.getByRole('table', { name: 'Liste des organisations' });
    await expect(within(table).getByRole('columnheader', { name: 'Vérifiée' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(5);
    for (const row of rows) await expectOnScreen(within(row).getAllByRole('cell'));
    const cells = within(rows[0]!).getAllByRole('cell');
    await expect(cells.map((cell) => cell.querySelector('.terres-data-table__cell-label')?.textContent ?? null)).toEqual([
      null,
      'Email',
      'Représentant',
      'Vérifiée',
    ]);
    await expect(within(rows[0]!).getByRole('link', { name: 'Terrassements Müller' })).toBeVisible();
  },
};

// ---------------------------------------------------------------------------------------------
// Server mode: the admin listings table. A stand-in API searches, filters, sorts and pages
// 1 234 listings after a short delay, and answers the total as X-Total-Count would.

interface Listing {
  id: string;
  type: 'CUT' | 'FILL';
  projectName: string;
  organizationName: string;
  city: string;
  status: InquiryStatus;
  createdAt: string;
}

const projects = ['Lotissement des Vignes', 'École Jean Macé', 'Zone artisanale Nord', 'Piscine municipale', 'Éco-quartier du Canal', 'Rocade Est'];
const companies = ['Terrassements Müller', 'Énergie Verte', 'BTP Alsace', 'Carrières du Rhin'];
const cities = ['Mulhouse', 'Colmar', 'Sélestat', 'Strasbourg', 'Guebwiller'];
const statuses: InquiryStatus[] = ['PENDING_VALIDATION', 'APPROVED', 'REJECTED', 'DOUBT_CLEARED', 'SITE_FOUND', 'PROCESSED'];

const listings: Listing[] = Array.from({ length: 1234 }, (_, i) => ({
  id: `l-${i + 1}`,
  type: i % 3 === 0 ? 'FILL' : 'CUT',
  projectName: `${projects[i % projects.length]} ${Math.floor(i / projects.length) + 1}`,
  organizationName: companies[i % companies.length] ?? '',
  city: cities[i % cities.length] ?? '',
  status: statuses[i % statuses.length] ?? 'APPROVED',
  createdAt: new Date(Date.UTC(2026, 10, 20) - i * 3_600_000 * 7).toISOString(),
}));

interface ListingQuery {
  query: string;
  status: string;
  type: string;
  sort: DataTableSort | null;
  page: number;
  pageSize: number;
}

const ALL = 'ALL';

function fakeListingsApi(q: ListingQuery, signal: AbortSignal, failing: boolean): Promise<{ rows: Listing[]; total: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (failing) {
        reject(new Error('Impossible de charger les annonces'));
        return;
      }
      let found = listings.filter(
        (l) =>
          matchesSearch([l.projectName, l.organizationName, l.city], q.query) &&
          (q.status === ALL || l.status === q.status) &&
          (q.type === ALL || l.type === q.type),
      );
      if (q.sort?.columnId === 'createdAt') {
        const factor = q.sort.direction === 'asc' ? 1 : -1;
        found = [...found].sort((a, b) => factor * a.createdAt.localeCompare(b.createdAt));
      }
      const start = (q.page - 1) * q.pageSize;
      resolve({ rows: found.slice(start, start + q.pageSize), total: found.length });
    }, 250);
    signal.addEventListener('abort', () => clearTimeout(timer));
  });
}

const listingColumns: DataTableColumn<Listing>[] = [
  { id: 'projectName', header: 'Projet', searchValue: (l) => l.projectName },
  { id: 'type', header: 'Type', cell: (l) => <TypeBadge type={l.type} /> },
  { id: 'organizationName', header: 'Organisation', searchValue: (l) => l.organizationName },
  { id: 'city', header: 'Ville', searchValue: (l) => l.city },
  { id: 'status', header: 'Statut', cell: (l) => <StatusBadge status={l.status} mode="label" /> },
  {
    id: 'createdAt',
    header: 'Créée le',
    cell: (l) => formatDate(l.createdAt),
    sortable: true,
    firstSortDirection: 'desc',
  },
];

const statusOptions = [{ value: ALL, label: 'Tous les statuts' }, ...statuses.map((value) => ({ value, label: STATUS_LABELS[value] }))];
const typeOptions = [
  { value: ALL, label: 'Tous les types' },
  { value: 'CUT', label: 'Déblais' },
  { value: 'FILL', label: 'Remblais' },
];

/** What the admin listings page does: its state (in the URL, in the app) drives one query. */
function AdminListingsTable({ failFirst = false }: { failFirst?: boolean }) {
  const [q, setQ] = useState<ListingQuery>({
    query: '',
    status: ALL,
    type: ALL,
    sort: { columnId: 'createdAt', direction: 'desc' },
    page: 1,
    pageSize: 5,
  });
  const [data, setData] = useState<{ rows: Listing[]; total: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const update = useCallback((patch: Partial<ListingQuery>) => setQ((current) => ({ ...current, ...patch })), []);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fakeListingsApi(q, controller.signal, failFirst && attempt === 0).then(
      (answer) => {
        setData(answer);
        setError(null);
        setLoading(false);
      },
      (failure: Error) => {
        setError(failure.message);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [q, attempt, failFirst]);

  return (
    <DataTable
      mode="server"
      caption="Liste des annonces"
      columns={listingColumns}
      rows={data?.rows ?? []}
      total={data?.total ?? 0}
      getRowId={(l) => l.id}
      getRowHref={(l) => `#/admin/inquiry/details/${l.id}/overview`}
      loading={loading}
      error={error}
      onRetry={() => setAttempt((n) => n + 1)}
      query={q.query}
      onQueryChange={(query) => update({ query })}
      page={q.page}
      onPageChange={(page) => update({ page })}
      pageSize={q.pageSize}
      onPageSizeChange={(pageSize) => update({ pageSize })}
      sort={q.sort}
      onSortChange={(sort) => update({ sort })}
      toolbar={
        <>
          <Select label="Statut" options={statusOptions} value={q.status} onValueChange={(status) => update({ status, page: 1 })} />
          <Select label="Type" options={typeOptions} value={q.type} onValueChange={(type) => update({ type, page: 1 })} />
        </>
      }
    />
  );
}

/** Server mode: the API searches, filters and pages; the total comes from X-Total-Count. */
export const ServerMode: Story = {
  render: () => <AdminListingsTable />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('1–5 sur 1 234');
    await expect(canvas.getByRole('columnheader', { name: 'Créée le' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(canvas.getByRole('button', { name: 'Page suivante' }));
    await canvas.findByText('6–10 sur 1 234');
    // Typing without accents finds 'École Jean Macé' and goes back to page 1.
    await userEvent.type(canvas.getByLabelText('Rechercher'), 'ecole jean');
    await waitFor(() => expect(canvas.getByText(/^1–5 sur 206$/)).toBeInTheDocument());
    await expect(canvas.getByRole('link', { name: 'École Jean Macé 1' })).toBeInTheDocument();
  },
};

/** Next page on its way: the rows stay, greyed, under 'Chargement...'. */
export const ServerModeLoadingNextPage: Story = {
  args: {
    mode: 'server',
    rows: organisations.slice(0, 5),
    total: 1234,
    page: 2,
    loading: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(6);
    await expect(canvas.getByText('Chargement...')).toBeVisible();
  },
};

/** A failed load with 'Réessayer': the second try succeeds. */
export const ServerModeRetry: Story = {
  render: () => <AdminListingsTable failFirst />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Impossible de charger les annonces');
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }));
    await canvas.findByText('1–5 sur 1 234');
  },
};

/** The admin table on a phone: filters stack, each listing is a card with its status in sight. */
export const ServerModePhone: Story = {
  render: () => <AdminListingsTable />,
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('1–5 sur 1 234');
    await expectFitsPhone(canvasElement);
    const rows = within(canvas.getByRole('table', { name: 'Liste des annonces' })).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(5);
    const status = within(rows[0]!).getAllByRole('cell')[4]!;
    await expect(status).toHaveTextContent(/^Statut/);
    await expectOnScreen([status]);
  },
};

/** A short list without pages (a transfer's loads): every row, no pager. */
export const WithoutPages: Story = {
  args: { paged: false, searchable: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(organisations.length + 1);
    await expect(canvas.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  },
};
