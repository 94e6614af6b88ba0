import { INQUIRY_STATUSES } from '@terres/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatusStepper } from './status-stepper';

const meta = {
  title: 'Components/StatusStepper',
  component: StatusStepper,
  tags: ['autodocs'],
  args: { status: 'APPROVED' },
  argTypes: { status: { control: 'select', options: [...INQUIRY_STATUSES, 'INCONNU'] } },
} satisfies Meta<typeof StatusStepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = { args: { status: 'PENDING_VALIDATION' } };
export const Approved: Story = {
  play: async ({ canvasElement }) => {
    const current = within(canvasElement).getAllByRole('listitem')[1];
    await expect(current).toHaveAttribute('aria-current', 'step');
  },
};
export const DoubtCleared: Story = { args: { status: 'DOUBT_CLEARED' } };
export const SiteFound: Story = { args: { status: 'SITE_FOUND' } };
export const PreContractSigned: Story = { args: { status: 'PRE_CONTRACT_SIGNED' } };
/** 'Traitée' is never active: every step is done. */
export const Processed: Story = { args: { status: 'PROCESSED' } };
/** DRAFT, REJECTED or unknown: no step highlighted. */
export const Draft: Story = { args: { status: 'DRAFT' } };
export const Rejected: Story = { args: { status: 'REJECTED' } };
