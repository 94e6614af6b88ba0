import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Spinner } from './spinner';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  args: { label: 'Chargement...' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Chargement...');
  },
};

export const Small: Story = { args: { size: 'sm', label: 'Envoi...' } };

export const Large: Story = { args: { size: 'lg' } };

/** Decorative: beside a text that says what is happening. */
export const WithoutLabel: Story = {
  args: { label: undefined },
  render: (args) => (
    <p>
      <Spinner {...args} size="sm" /> Vérification du paiement en cours
    </p>
  ),
};
