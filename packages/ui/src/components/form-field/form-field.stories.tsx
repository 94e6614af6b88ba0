import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@terres/domain';
import { expect, userEvent, within } from 'storybook/test';
import { FormField } from './form-field';

const meta = {
  title: 'Formulaires/FormField',
  component: FormField,
  tags: ['autodocs'],
  args: {
    label: 'Raison sociale',
    children: ({ labelId: _labelId, ...control }) => <input className="terres-input" {...control} />,
  },
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = { args: { hint: "Telle qu'inscrite au registre du commerce" } };

export const Required: Story = { args: { required: true } };

export const WithError: Story = {
  args: { required: true, error: messages.required },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(messages.required);
    await expect(canvas.getByRole('textbox', { name: 'Raison sociale' })).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('textbox')).toHaveFocus();
  },
};
