import type { Meta, StoryObj } from '@storybook/react-vite';
import { TypeBadge } from './type-badge';

const meta = {
  title: 'Components/TypeBadge',
  component: TypeBadge,
  tags: ['autodocs'],
  args: { type: 'CUT' },
} satisfies Meta<typeof TypeBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Déblai: the CUT yellow. */
export const Cut: Story = {};
/** Remblai: the FILL red. */
export const Fill: Story = { args: { type: 'FILL' } };
/** An unknown type renders nothing. */
export const Empty: Story = { args: { type: undefined } };
