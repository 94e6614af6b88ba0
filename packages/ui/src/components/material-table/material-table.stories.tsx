import type { Meta, StoryObj } from '@storybook/react-vite';
import { MaterialTable } from './material-table';

const meta = {
  title: 'Components/MaterialTable',
  component: MaterialTable,
  tags: ['autodocs'],
  args: {
    materials: [
      { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 1200, price: 8 },
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 300, price: -5 },
      { materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: 0, price: 5 },
      { materialName: 'Sable et gravier', groundComposition: null, quantity: '', price: 6 },
    ],
  },
} satisfies Meta<typeof MaterialTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Totals: green, red, grey and a dash. */
export const Default: Story = {};
export const Loading: Story = { args: { loading: true } };
/** 'Aucun matériau renseigné.' and the analyses sentence. */
export const Empty: Story = { args: { materials: [] } };
