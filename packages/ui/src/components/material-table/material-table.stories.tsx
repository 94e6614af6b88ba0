import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { expectFitsPhone, expectOnScreen, PHONE_GLOBALS } from '../../../.storybook/phone';
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

/** A CUT listing: each line's quality class (guides of April 2020), waste code and POP declaration. */
export const SoilQuality: Story = {
  args: {
    soilQuality: true,
    materials: [
      { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 1200, price: 8, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04', pop: 'ABSENT' },
      { materialName: 'Remblais', groundComposition: 'Alluvions limoneux', quantity: 300, price: -5, qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*', pop: 'PRESENT' },
      { materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: 50, price: 5, qualityClass: 'UNKNOWN', wasteCode: null },
    ],
  },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(within(table).getByRole('columnheader', { name: 'Code déchet' })).toBeInTheDocument();
    await expect(within(table).getByText('17 05 03* (dangereux)')).toBeInTheDocument();
  },
};

/**
 * 375 px: each line is a card (even a CUT listing's, with its quality class and waste code),
 * every value labelled and on screen, the total included: nothing scrolls sideways, so the
 * box is no region and adds no Tab stop. The table and its column headers stay for screen
 * readers.
 */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  args: SoilQuality.args,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('region')).toBeNull();
    const table = canvas.getByRole('table', { name: 'Composition du sol' });
    await expect(within(table).getByRole('columnheader', { name: 'Total' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(3);
    // The first line's cells, each fully on screen, with its label beside it.
    const cells = within(rows[0]!).getAllByRole('cell');
    await expectOnScreen(cells);
    await expect(cells.map((cell) => cell.querySelector('.terres-material-table__label')?.textContent ?? null)).toEqual([
      null,
      'Qualité',
      'Classe de qualité',
      'Code déchet',
      'Présence de POP',
      'Quantité',
      'Prix',
      'Total',
    ]);
    await expect(within(rows[0]!).getByRole('cell', { name: /^9\s600,00\s€$/ })).toBeVisible();
  },
};

/** A table that fits adds no Tab stop and no region. */
export const FitsWithoutRegion: Story = {
  args: { materials: [{ materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 1200, price: 8 }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
  },
};
