import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog } from './confirm-dialog';
import { expectFitsPhone, expectOnScreen, PHONE_GLOBALS } from '../../../.storybook/phone';

const meta = {
  title: 'Superpositions/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    title: "Renvoyer l'invitation ?",
    description: 'Un nouvel e-mail sera envoyé à jean.dupont@exemple.fr.',
    trigger: <Button variant="secondary">Renvoyer l&apos;invitation</Button>,
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: only the trigger shows. */
export const Closed: Story = {};

// Stories shown open have no trigger: behind a modal, Radix hides the page with aria-hidden,
// and axe flags a still-focusable trigger there even though the focus trap keeps it out of reach.

/** Open, with the defaults 'Annuler' and 'Confirmer'; 'Annuler' has the focus. */
export const Open: Story = { args: { defaultOpen: true, trigger: undefined } };

/** Destructive action: red confirm button and red top edge. */
export const Danger: Story = {
  args: {
    defaultOpen: true,
    variant: 'danger',
    title: 'Archiver cette organisation ?',
    description: "Tous ses utilisateurs perdront immédiatement l'accès à la plateforme. Cette action est définitive.",
    confirmLabel: 'Archiver',
    trigger: undefined,
  },
};

/** The action is running: the confirm button is busy, 'Annuler' and Escape are off. */
export const Loading: Story = {
  args: {
    defaultOpen: true,
    variant: 'danger',
    title: 'Supprimer ce collaborateur ?',
    description: "Il n'aura plus accès à la plateforme.",
    confirmLabel: 'Supprimer',
    loadingLabel: 'Suppression...',
    loading: true,
    trigger: undefined,
  },
};

/** Keyboard: Enter opens, Tab reaches 'Confirmer', Enter runs the action and closes. */
export const KeyboardConfirm: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: "Renvoyer l'invitation" });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const body = within(document.body);
    await body.findByRole('alertdialog', { name: "Renvoyer l'invitation ?" });
    await waitFor(() => expect(body.getByRole('button', { name: 'Annuler' })).toHaveFocus());
    await userEvent.tab();
    await expect(body.getByRole('button', { name: 'Confirmer' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** 375 px: a long warning wraps, the two buttons stay on screen. */
export const DangerPhone: Story = {
  args: {
    defaultOpen: true,
    variant: 'danger',
    title: 'Archiver cette organisation ?',
    description: "Tous ses utilisateurs perdront immédiatement l'accès à la plateforme. Cette action est définitive.",
    confirmLabel: 'Archiver',
    trigger: undefined,
  },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expectOnScreen([
      within(dialog).getByRole('button', { name: 'Annuler' }),
      within(dialog).getByRole('button', { name: 'Archiver' }),
    ]);
  },
};
