import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PinsLegend } from './pins-legend';

const meta = {
  title: 'Maps/PinsLegend',
  component: PinsLegend,
} satisfies Meta<typeof PinsLegend>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Under the admin map: what a yellow pin, a red pin and a ring mean. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const legend = within(canvasElement).getByRole('group', { name: 'Légende' });
    await expect(within(legend).getAllByRole('listitem')).toHaveLength(3);
  },
};
