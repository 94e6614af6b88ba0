import { INQUIRY_STATUSES } from '@terres/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusBadge } from './status-badge';

const meta = {
  title: 'Components/StatusBadge',
  component: StatusBadge,
  tags: ['autodocs'],
  args: { status: 'PENDING_VALIDATION' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {};
export const Approved: Story = { args: { status: 'APPROVED' } };
export const Rejected: Story = { args: { status: 'REJECTED' } };
/** Draft or anything else reads 'Statut inconnu' on the detail badge (spec §4). */
export const Unknown: Story = { args: { status: 'DRAFT' } };

/** Table mode: every status with its own label. */
export const AllLabels: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {INQUIRY_STATUSES.map((status) => (
        <StatusBadge key={status} status={status} mode="label" />
      ))}
    </div>
  ),
};
