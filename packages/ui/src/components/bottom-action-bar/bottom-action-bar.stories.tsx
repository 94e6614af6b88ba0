import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BottomActionBar } from './bottom-action-bar';
import { expectFitsPhone, expectOnScreen, PHONE_GLOBALS } from '../../../.storybook/phone';

const meta = {
  title: 'Components/BottomActionBar',
  component: BottomActionBar,
  tags: ['autodocs'],
  args: { back: { onClick: fn() }, next: { onClick: fn() }, help: true },
} satisfies Meta<typeof BottomActionBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Revenir à la liste', 'Suivant' and the help link. */
export const Default: Story = {};

/** The wizard's last step: the green 'Soumettre mon annonce'. */
export const Submit: Story = { args: { next: { label: 'Soumettre mon annonce', onClick: fn() } } };

export const NextDisabled: Story = {
  args: { next: { disabled: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Suivant' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { next: { label: 'Soumettre mon annonce', loading: true, loadingLabel: 'Envoi...' } },
};

/** Organisation detail: the centre action 'Archiver cette organisation'. */
export const ArchiveOrganisation: Story = {
  args: { back: { label: 'Revenir à la liste des organisations', onClick: fn() }, next: false, help: false, center: { onClick: fn() } },
};

export const KeyboardFocus: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Revenir à la liste' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const back = args.back as { onClick: () => void };
    await expect(back.onClick).toHaveBeenCalled();
  },
};

export const Hovered: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'Suivant' }));
  },
};

export const Empty: Story = { args: { back: false, next: false, help: false } };

/** 375 px: the wizard's bar, with the green submit and the help link, fits. */
export const SubmitPhone: Story = {
  args: { next: { label: 'Soumettre mon annonce', onClick: fn() }, center: { label: 'Enregistrer le brouillon et quitter', variant: 'secondary', onClick: fn() } },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectFitsPhone(canvasElement);
    await expectOnScreen([
      canvas.getByRole('button', { name: 'Revenir à la liste' }),
      canvas.getByRole('button', { name: 'Enregistrer le brouillon et quitter' }),
      canvas.getByRole('button', { name: 'Soumettre mon annonce' }),
    ]);
  },
};

/** 375 px: organisation detail, back and the centre action only. */
export const ArchiveOrganisationPhone: Story = {
  args: { back: { label: 'Revenir à la liste des organisations', onClick: fn() }, next: false, help: false, center: { onClick: fn() } },
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
  },
};
