import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ToastProvider, useToast } from './toast';

function Triggers() {
  const toast = useToast();
  return (
    <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
      <Button onClick={() => toast.success('Invitation envoyée avec succès')}>Succès</Button>
      <Button variant="danger" onClick={() => toast.error("Erreur lors de l'envoi du code. Veuillez réessayer.")}>
        Erreur
      </Button>
      <Button variant="secondary" onClick={() => toast.info('Un code de vérification a été envoyé à votre adresse email')}>
        Information
      </Button>
      <Button variant="ghost" onClick={() => toast.warning('Achat annulé. Vous pouvez réessayer quand vous le souhaitez.')}>
        Avertissement
      </Button>
    </div>
  );
}

/** Shows the four kinds at once and keeps them on screen (for the catalogue). */
function AllKinds() {
  const toast = useToast();
  useEffect(() => {
    const forever = { duration: Infinity };
    toast.success('Organisation mise à jour avec succès !', undefined, forever);
    toast.error('Erreur 409: Solde de crédits insuffisant.', 'Aucun crédit n’a été débité.', forever);
    toast.info('Un code de vérification a été envoyé à votre adresse email', undefined, forever);
    toast.warning('Achat annulé. Vous pouvez réessayer quand vous le souhaitez.', undefined, forever);
    return () => toast.dismiss();
  }, [toast]);
  return <p>Quatre notifications sont affichées en bas à droite.</p>;
}

const meta = {
  title: 'Superpositions/Toast',
  component: ToastProvider,
  tags: ['autodocs'],
  args: { children: <Triggers /> },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No toast yet: the buttons send one of each kind (5 s on screen). */
export const Empty: Story = {};

export const AllVariants: Story = { args: { children: <AllKinds /> } };

/** A toast appears in the notifications region, and 'Fermer' closes it. */
export const ShowAndClose: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Succès' }));
    const body = within(document.body);
    const region = body.getByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => expect(within(region).getByRole('listitem')).toHaveTextContent('Invitation envoyée avec succès'));
    await userEvent.click(within(region).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(within(region).queryByRole('listitem')).not.toBeInTheDocument());
  },
};

/** Keyboard: F8 moves the focus to the notifications, Tab reaches 'Fermer'. */
export const KeyboardReach: Story = {
  args: { duration: 60_000 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Erreur' }));
    const region = within(document.body).getByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => expect(within(region).getByRole('listitem')).toBeInTheDocument());
    // The F8 shortcut is read from the key's code, which simulated key names do not always carry.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }));
    await waitFor(() => expect(region).toContainElement(document.activeElement as HTMLElement));
  },
};
