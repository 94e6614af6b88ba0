import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { expectFitsPhone, PHONE_GLOBALS } from '../../../.storybook/phone';
import { DescriptionList } from './description-list';

const meta = {
  title: 'Components/DescriptionList',
  component: DescriptionList,
  tags: ['autodocs'],
  args: {
    label: 'Maître d’ouvrage',
    items: [
      { term: 'Nom', description: 'Dupont' },
      { term: 'Prénom', description: 'Jean' },
      { term: 'Adresse', description: '4 place de la Réunion, 68100 Mulhouse', wide: true },
      { term: 'SIRET', description: '732 829 320 00074' },
      { term: 'Date de début', description: null, emptyText: 'Date non renseignée' },
    ],
  },
} satisfies Meta<typeof DescriptionList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Columns: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Date non renseignée')).toBeInTheDocument();
  },
};

export const Rows: Story = { args: { layout: 'rows' } };

export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
  },
};
