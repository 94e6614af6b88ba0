import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@terres/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Formulaires/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { label: 'Composition inconnue', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};

export const Checked: Story = { args: { defaultChecked: true } };

export const Indeterminate: Story = { args: { label: 'Tout sélectionner', checked: 'indeterminate' } };

export const WithHint: Story = {
  args: { hint: "L'équipe de la plateforme réalisera les analyses." },
};

export const WithError: Story = {
  args: {
    label: "Je certifie l'exactitude des informations de l'annonce",
    required: true,
    error: messages.certificationRequired,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(messages.certificationRequired);
  },
};

export const Disabled: Story = { args: { label: 'Vérifiée', disabled: true, defaultChecked: true } };

/** Tab reaches the box (focus ring), Space toggles it. */
export const KeyboardToggle: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Composition inconnue' });
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};
