import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@terres/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OneTimeCodeField, OneTimeCodeInput } from './one-time-code-input';

const meta = {
  title: 'Formulaires/OneTimeCodeInput',
  component: OneTimeCodeInput,
  tags: ['autodocs'],
  args: { onChange: fn(), onComplete: fn() },
} satisfies Meta<typeof OneTimeCodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Six empty boxes. */
export const Empty: Story = {};

export const Partial: Story = { args: { defaultValue: '123' } };

/** Typing moves forward; the sixth digit calls onComplete (the screen then submits). */
export const TypingCompletes: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Chiffre 1 sur 6' }));
    await userEvent.keyboard('123456');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

/** A pasted code fills every box. */
export const Paste: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Chiffre 1 sur 6' }));
    await userEvent.paste('654321');
    await expect(canvas.getByRole('textbox', { name: 'Chiffre 6 sur 6' })).toHaveValue('1');
    await expect(args.onComplete).toHaveBeenCalledWith('654321');
  },
};

export const WithError: Story = {
  args: { defaultValue: '123456', error: 'Code incorrect. Veuillez réessayer.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Code incorrect. Veuillez réessayer.');
  },
};

/**
 * In the sign-in card of a 320 px phone (254 px inside its padding): the six boxes stay inside
 * it, each still a touch target of the full height (review D10).
 */
export const InNarrowCard: Story = {
  decorators: [
    (Story) => (
      <div data-testid="card" style={{ width: 254, border: '1px dashed' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('card').getBoundingClientRect();
    const boxes = within(canvasElement).getAllByRole('textbox');
    await expect(boxes).toHaveLength(6);
    for (const box of boxes) {
      const rect = box.getBoundingClientRect();
      await expect({ left: rect.left >= card.left, right: rect.right <= card.right + 0.5 }).toEqual({ left: true, right: true });
      await expect(rect.height).toBeGreaterThanOrEqual(44);
    }
  },
};

/** While the code is being checked ('Vérification...'), the boxes are disabled. */
export const Disabled: Story = { args: { defaultValue: '123456', disabled: true } };

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('textbox', { name: 'Chiffre 1 sur 6' })).toHaveFocus();
  },
};

/** The invitation screen's single field: digits only, at most 6, placeholder 123456. */
export const SingleField: StoryObj<typeof OneTimeCodeField> = {
  render: (args) => <OneTimeCodeField {...args} />,
  args: { onValueChange: fn(), onComplete: fn() },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Code de vérification' });
    await userEvent.type(input, '12ab34');
    await expect(input).toHaveValue('1234');
  },
};

export const SingleFieldWithError: StoryObj<typeof OneTimeCodeField> = {
  render: (args) => <OneTimeCodeField {...args} />,
  args: { defaultValue: '12', error: messages.otp },
};

export const SingleFieldDisabled: StoryObj<typeof OneTimeCodeField> = {
  render: (args) => <OneTimeCodeField {...args} />,
  args: { defaultValue: '123456', disabled: true },
};
