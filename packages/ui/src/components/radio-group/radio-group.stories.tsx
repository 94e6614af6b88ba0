import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@terres/domain';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RadioGroup } from './radio-group';

const meta = {
  title: 'Formulaires/RadioGroup',
  component: RadioGroup,
  tags: ['autodocs'],
  args: {
    label: "Type d'annonce",
    options: [
      { value: 'CUT', label: 'Déblai', description: "J'ai de la terre à évacuer" },
      { value: 'FILL', label: 'Remblai', description: "J'ai besoin de terre" },
    ],
    onValueChange: fn(),
  },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet. */
export const Empty: Story = {};

export const WithValue: Story = { args: { defaultValue: 'FILL' } };

export const Horizontal: Story = {
  args: {
    label: 'Taille de page',
    orientation: 'horizontal',
    options: [
      { value: '5', label: '5' },
      { value: '10', label: '10' },
      { value: '25', label: '25' },
    ],
    defaultValue: '5',
  },
};

export const WithError: Story = {
  args: { required: true, error: messages.required },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(messages.required);
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'CUT' } };

export const OneOptionDisabled: Story = {
  args: {
    options: [
      { value: 'CUT', label: 'Déblai' },
      { value: 'FILL', label: 'Remblai', disabled: true },
    ],
  },
};

/** Tab enters the group, Space chooses, the arrows move and choose. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Déblai' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('radio', { name: 'Déblai' })).toBeChecked();
    // Radix moves the focus on the next tick and checks the radio it lands on while the key is
    // still down; a simulated key press releases it at once, so hold it for that tick.
    await userEvent.keyboard('{ArrowDown>}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Remblai' })).toHaveFocus());
    await userEvent.keyboard('{/ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Remblai' })).toBeChecked());
    await expect(args.onValueChange).toHaveBeenLastCalledWith('FILL');
  },
};
