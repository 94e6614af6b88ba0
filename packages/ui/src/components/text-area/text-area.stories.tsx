import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages, TEXT_MAX_LENGTH } from '@terres/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from './text-area';

const meta = {
  title: 'Formulaires/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'Motif du refus', maxLength: TEXT_MAX_LENGTH, onChange: fn() },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, with the 0/200 counter. */
export const Default: Story = {};

export const Filled: Story = { args: { defaultValue: "Le permis d'aménager est illisible." } };

export const WithHint: Story = { args: { hint: "Ce motif est envoyé par e-mail à l'organisation." } };

export const WithError: Story = {
  args: { required: true, error: messages.refusalReasonRequired },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(messages.refusalReasonRequired);
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'Dossier incomplet.' } };

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('textbox', { name: 'Motif du refus' })).toHaveFocus();
  },
};
