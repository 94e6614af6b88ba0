import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Dialog, DialogClose } from './dialog';
import { expectFitsPhone, expectOnScreen, PHONE_GLOBALS } from '../../../.storybook/phone';

const footer = (
  <>
    <DialogClose asChild>
      <Button variant="secondary">Annuler</Button>
    </DialogClose>
    <Button>Ajouter</Button>
  </>
);

const meta = {
  title: 'Superpositions/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: {
    title: 'Ajouter des crédits',
    description: "Les crédits sont ajoutés immédiatement au solde de l'organisation.",
    trigger: <Button>Ajouter des crédits +</Button>,
    children: <TextField label="Nombre de crédits" inputMode="numeric" hint="Entre 1 et 999." />,
    footer,
    onOpenChange: fn(),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: only the trigger shows. */
export const Closed: Story = {};

// Stories shown open have no trigger: behind a modal, Radix hides the page with aria-hidden,
// and axe flags a still-focusable trigger there even though the focus trap keeps it out of reach.
export const Open: Story = { args: { defaultOpen: true, trigger: undefined } };

/** The dashboard's choice between a cut and a fill listing. */
export const Choice: Story = {
  args: {
    defaultOpen: true,
    trigger: undefined,
    title: 'Quel type d’annonce souhaitez-vous créer ?',
    description: undefined,
    size: 'sm',
    children: (
      <div style={{ display: 'flex', gap: '1rem' }}>
        <Button variant="secondary">Déblai</Button>
        <Button variant="secondary">Remblai</Button>
      </div>
    ),
    footer: undefined,
  },
};

/** Keyboard: Enter opens, the focus goes inside, Escape closes and the focus returns. */
export const KeyboardOpenAndClose: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Ajouter des crédits +' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Ajouter des crédits' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** 375 px: the dialog keeps a margin on each side and its buttons stay on screen. */
export const OpenPhone: Story = {
  args: { defaultOpen: true, trigger: undefined },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expectOnScreen([dialog, within(dialog).getByRole('button', { name: 'Ajouter' })]);
  },
};
