import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectFitsPhone, PHONE_GLOBALS } from '../../../.storybook/phone';
import { Button } from '../button/button';
import { preloadToasts, ToastProvider, useToast } from './toast';

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
  // The display loads with the first toast in the apps; here it is loaded before each story so
  // that the play functions time what they test, not a module fetch (toast.test.tsx covers it).
  beforeEach: async () => {
    await preloadToasts();
  },
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
    const region = await body.findByRole('region', { name: 'Notifications (F8)' });
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
    const region = await within(document.body).findByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => expect(within(region).getByRole('listitem')).toBeInTheDocument());
    // The F8 shortcut is read from the key's code, which simulated key names do not always carry.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }));
    await waitFor(() => expect(region).toContainElement(document.activeElement as HTMLElement));
  },
};

/** The band of the screen a toast must leave free on a phone (the wizard's map is there). */
const MIDDLE = { top: 0.4, bottom: 0.6 };

/**
 * 375 px: three toasts in a row. They sit at the top edge, newest first, the two newest only,
 * and none reaches the middle of the screen; taps outside a toast reach the page.
 */
export const PhoneStaysAtTheEdge: Story = {
  args: { duration: 60_000 },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Succès' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Erreur' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Information' }));
    const region = await within(document.body).findByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => expect(region.querySelectorAll('li')).toHaveLength(3));
    const height = window.innerHeight;
    // The oldest is kept (its live region spoke already) but not shown.
    const shown = [...region.querySelectorAll('li')].filter((toast) => toast.getBoundingClientRect().height > 0);
    await expect(shown).toHaveLength(2);
    // Newest first, at the top edge.
    const newest = shown.at(-1)!;
    await expect(newest).toHaveTextContent('Un code de vérification');
    await expect(Math.round(newest.getBoundingClientRect().top)).toBeLessThan(20);
    // Whatever is visible of the toasts ends above the middle band.
    const viewport = region.querySelector('ol')!;
    await expect(viewport.getBoundingClientRect().bottom).toBeLessThanOrEqual(height * MIDDLE.top + 1);
    // The middle of the screen belongs to the page.
    const hit = document.elementFromPoint(window.innerWidth / 2, height / 2);
    await expect(region.contains(hit)).toBe(false);
  },
};

/**
 * Wider screens: toasts sit at the top right under the header, newest first, so the action bar
 * at the bottom of a form ('Suivant') stays free: a toast there would pause under the pointer
 * aiming at the button and hide it.
 */
export const WideLeavesTheBottomFree: Story = {
  args: { duration: 60_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Succès' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Information' }));
    const region = await within(document.body).findByRole('region', { name: 'Notifications (F8)' });
    await waitFor(() => expect(region.querySelectorAll('li')).toHaveLength(2));
    const [older, newest] = [...region.querySelectorAll('li')].map((toast) => toast.getBoundingClientRect());
    // Under a 4rem header, the newest above the older one.
    await expect(newest!.top).toBeGreaterThanOrEqual(64);
    await expect(newest!.bottom).toBeLessThanOrEqual(older!.top);
    // The bottom right corner, where forms keep their main button, belongs to the page.
    const hit = document.elementFromPoint(window.innerWidth - 40, window.innerHeight - 24);
    await expect(region.contains(hit)).toBe(false);
  },
};

/** Around a toast, the notifications box lets taps through to the page (only the toast takes them). */
export const TapsPassAroundAToast: Story = {
  args: { duration: 60_000 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Succès' }));
    const region = await within(document.body).findByRole('region', { name: 'Notifications (F8)' });
    const toast = await within(region).findByRole('listitem');
    await waitFor(() => expect(toast).toHaveTextContent('Invitation envoyée avec succès'));
    const centre = () => {
      const box = toast.getBoundingClientRect();
      return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    };
    // Once it has slid in, the toast takes taps...
    await waitFor(() => expect(toast.contains(centre())).toBe(true));
    // ...and the box's padding, just left of it, does not.
    const box = toast.getBoundingClientRect();
    await expect(region.contains(document.elementFromPoint(box.left - 8, box.top + box.height / 2))).toBe(false);
  },
};
