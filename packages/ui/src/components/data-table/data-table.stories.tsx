import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DataTable, type DataTableColumn } from './data-table';

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
  },
} satisfies Meta<typeof DataTable<Organisation>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // 5 rows per page by default, plus the header row.
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

export const Loading: Story = { args: { loading: true } };

/** A failed load (spec §8: exposed as an error state). */
export const LoadError: Story = { args: { error: 'Impossible de charger les annonces' } };

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
