import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages, TEXT_MAX_LENGTH } from '@terres/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'Formulaires/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Nom du projet', onChange: fn() },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, no constraint. */
export const Default: Story = {};

export const Filled: Story = { args: { defaultValue: 'Parking de la gare' } };

export const WithPlaceholderAndHint: Story = {
  args: { label: 'Votre email', type: 'email', placeholder: 'nom@entreprise.fr', hint: 'Nous vous enverrons un code à 6 chiffres.' },
};

/** The spec's default text maximum (200) with its visible counter. */
export const WithCounter: Story = {
  args: { maxLength: TEXT_MAX_LENGTH, required: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nom du projet' }), 'ZAC');
    await expect(canvas.getByText(`3/${TEXT_MAX_LENGTH}`)).toBeVisible();
  },
};

export const Required: Story = { args: { required: true } };

export const WithError: Story = {
  args: { label: 'SIRET', required: true, defaultValue: '1234', maxLength: 14, error: messages.siretLength },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(messages.siretLength);
  },
};

export const Disabled: Story = { args: { label: 'Email', disabled: true, defaultValue: 'owner@demo.test' } };

export const ReadOnly: Story = { args: { label: 'Email', readOnly: true, defaultValue: 'owner@demo.test' } };

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('textbox', { name: 'Nom du projet' })).toHaveFocus();
  },
};
