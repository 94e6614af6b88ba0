import type { Meta, StoryObj } from '@storybook/react-vite';
import { AmountCell } from './amount-cell';

const meta = {
  title: 'Components/AmountCell',
  component: AmountCell,
  tags: ['autodocs'],
  args: { quantity: 1200, price: 8 },
} satisfies Meta<typeof AmountCell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Green: the receiver pays. */
export const Positive: Story = {};
/** Red: a negative price, the advertiser pays the receiver. */
export const Negative: Story = { args: { quantity: 300, price: -5 } };
/** Grey: zero. */
export const Zero: Story = { args: { quantity: 0, price: 6 } };
/** A dash when the quantity or the price is not a number. */
export const NotANumber: Story = { args: { quantity: '', price: 2 } };
