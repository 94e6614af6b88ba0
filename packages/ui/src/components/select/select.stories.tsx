import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@terres/domain';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select } from './select';

const legalForms = [
  { value: 'SAS', label: 'SAS' },
  { value: 'SARL', label: 'SARL' },
  { value: 'SA', label: 'SA' },
  { value: 'EURL', label: 'EURL' },
  { value: 'SCI', label: 'SCI', disabled: true },
];

const meta = {
  title: 'Formulaires/Select',
  component: Select,
  tags: ['autodocs'],
  args: {
    label: 'Forme juridique',
    placeholder: 'Choisir une forme juridique',
    options: legalForms,
    onValueChange: fn(),
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: the placeholder shows. */
export const Empty: Story = {};

export const WithValue: Story = { args: { defaultValue: 'SARL' } };

export const WithHint: Story = { args: { hint: 'Telle qu’indiquée sur le Kbis.', required: true } };

export const WithError: Story = {
  args: { required: true, error: messages.legalFormRequired },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(messages.legalFormRequired);
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'SAS' } };

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('combobox', { name: 'Forme juridique' })).toHaveFocus();
  },
};

/** Keyboard only: Enter opens, ArrowDown moves, Enter chooses and the focus returns to the button. */
export const KeyboardChoice: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Forme juridique' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const listbox = await within(document.body).findByRole('listbox');
    await expect(listbox).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(args.onValueChange).toHaveBeenCalledWith('SARL'));
    await expect(trigger).toHaveTextContent('SARL');
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
