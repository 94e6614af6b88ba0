import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@terres/domain';
import { expect, userEvent, within } from 'storybook/test';
import { expectFitsPhone, PHONE_GLOBALS } from '../../../.storybook/phone';
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

/**
 * `.terres-visually-hidden` (defined with the form fields) at the far end of a row wider than
 * its scrolling box, as a button's screen-reader text in a wide table's last column: the box
 * scrolls, the page does not (it was 892 px wide at 375 on the console's transfer page).
 */
export const ScreenReaderTextInAScrollingRow: Story = {
  globals: PHONE_GLOBALS,
  render: () => (
    <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <p style={{ width: '60rem', margin: 0 }}>
        Une ligne plus large que l’écran{' '}
        <button type="button" style={{ marginInlineStart: '40rem' }}>
          1 correction<span className="terres-visually-hidden"> du bon BT-2026-000005</span>
        </button>
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expectFitsPhone(canvasElement);
    await expect(within(canvasElement).getByRole('button', { name: '1 correction du bon BT-2026-000005' })).toBeInTheDocument();
  },
};
