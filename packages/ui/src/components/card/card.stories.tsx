import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { expectFitsPhone, PHONE_GLOBALS } from '../../../.storybook/phone';
import { Button } from '../button/button';
import { DescriptionList } from '../description-list/description-list';
import { Card } from './card';

const meta = {
  title: 'Components/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Chantier',
    children: (
      <DescriptionList
        items={[
          { term: 'Adresse du chantier', description: '12 rue des Vignes, 68100 Mulhouse', wide: true },
          { term: 'Surface', description: '5,01 ha' },
          { term: 'Disponibilité', description: 'du 01/12/2026 au 31/03/2027' },
        ]}
      />
    ),
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Chantier' })).toBeInTheDocument();
  },
};

/** Mon organisation, in edit mode: 'Annuler' and 'Enregistrer' at the foot. */
export const WithActionsAndFooter: Story = {
  args: {
    title: 'Mon organisation',
    description: 'Ces informations figurent sur vos factures.',
    actions: (
      <Button variant="secondary" size="sm">
        Modifier
      </Button>
    ),
    footer: (
      <>
        <Button variant="secondary">Annuler</Button>
        <Button>Enregistrer</Button>
      </>
    ),
  },
};

export const Phone: Story = {
  args: { ...WithActionsAndFooter.args },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
  },
};
