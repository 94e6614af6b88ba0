import type { Meta, StoryObj } from '@storybook/react-vite';
import { dateError, dateWindow, messages } from '@terres/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DateField } from './date-field';

const window = dateWindow();

const meta = {
  title: 'Formulaires/DateField',
  component: DateField,
  tags: ['autodocs'],
  args: { label: 'Date de début', onValueChange: fn(), min: window.min, max: window.max },
} satisfies Meta<typeof DateField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, with the expected format as hint and the calendar button. */
export const Empty: Story = {};

export const WithValue: Story = { args: { defaultValue: window.min } };

export const Required: Story = { args: { required: true } };

/** The form's error: the domain's `dateError('')` gives 'Ce champ est requis.'. */
export const WithError: Story = {
  args: { required: true, error: dateError('') ?? undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(messages.required);
  },
};

/** A day after today + 2 years, typed then left: the domain's window message. */
export const OutOfWindow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Date de début' }), '01/01/2099');
    await userEvent.tab();
    await expect(canvas.getByRole('alert')).toHaveTextContent(/La date ne peut pas être postérieure au \d{2}\/\d{2}\/\d{4}\./);
  },
};

export const InvalidDate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Date de début' }), '31/02/2027');
    await userEvent.tab();
    await expect(canvas.getByRole('alert')).toHaveTextContent(messages.dateInvalid);
  },
};

export const WithoutPicker: Story = { args: { picker: false } };

export const Disabled: Story = { args: { disabled: true, defaultValue: window.min } };

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('textbox', { name: 'Date de début' })).toHaveFocus();
  },
};
