import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { expectFitsPhone, PHONE_GLOBALS } from '../../../.storybook/phone';
import { Button } from '../button/button';
import { Alert } from './alert';

const meta = {
  title: 'Components/Alert',
  component: Alert,
  tags: ['autodocs'],
  args: { tone: 'warning', children: 'Achat annulé. Vous pouvez réessayer quand vous le souhaitez.' },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /credits/buy?cancelled=true (spec §4). */
export const PurchaseCancelled: Story = {
  args: { onDismiss: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Achat annulé');
    await userEvent.click(canvas.getByRole('button', { name: 'Fermer' }));
    await expect(args.onDismiss).toHaveBeenCalled();
  },
};

/** A red onboarding error from the server. */
export const Danger: Story = {
  args: { tone: 'danger', children: 'Erreur lors de la mise à jour du profil. Veuillez réessayer.' },
};

/** A refused listing: the reason, shown from the start (no announcement). */
export const RefusalReason: Story = {
  args: {
    tone: 'danger',
    live: 'off',
    title: 'Annonce refusée',
    children: <p>Le permis de construire joint ne correspond pas à l’adresse du chantier.</p>,
  },
};

export const Info: Story = { args: { tone: 'info', title: 'Brouillon', children: 'Votre annonce est enregistrée en brouillon.' } };

export const Success: Story = { args: { tone: 'success', children: 'Annonce validée : 80 crédits débités, nouveau solde 40 crédits.' } };

export const WithAction: Story = {
  args: {
    tone: 'danger',
    title: 'Impossible de charger le TileJSON cadastre',
    children: 'Erreur lors du chargement du TileJSON Cadastre: 500',
    action: (
      <Button variant="secondary" size="sm">
        Réessayer
      </Button>
    ),
  },
};

export const Phone: Story = {
  args: { ...WithAction.args },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
  },
};
