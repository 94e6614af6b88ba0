import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PackCard } from './pack-card';

const meta = {
  title: 'Components/PackCard',
  component: PackCard,
  tags: ['autodocs'],
  args: { credits: 100, price: 1080, priceExcludingTax: 900, vatRate: 20, href: '#/pay/pack-100' },
} satisfies Meta<typeof PackCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Recommended: Story = { args: { credits: 300, price: 2880, priceExcludingTax: 2400, recommended: true } };

export const Packs: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
      <PackCard credits={50} price={50} href="#/pay/50" />
      <PackCard credits={250} price={200} href="#/pay/250" recommended />
      <PackCard credits={1000} price={1234.5} href="#/pay/1000" />
    </div>
  ),
};

export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link', { name: 'Acheter ce pack' })).toHaveFocus();
  },
};

export const Hovered: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('link', { name: 'Acheter ce pack' }));
  },
};

export const Loading: Story = { args: { loading: true } };
export const Disabled: Story = { args: { disabled: true } };
