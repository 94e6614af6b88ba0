import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '@terres/domain';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UploadProgress, type UploadStatus } from './upload-progress';

const MB = 1024 * 1024;

const meta = {
  title: 'Components/UploadProgress',
  component: UploadProgress,
  tags: ['autodocs'],
  args: { fileName: 'etude-de-sol-parcelle-12.pdf', loaded: 1.26 * MB, total: 3 * MB, onCancel: fn() },
} satisfies Meta<typeof UploadProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Uploading: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'etude-de-sol-parcelle-12.pdf' })).toHaveAttribute('aria-valuenow', '42');
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler l’envoi de etude-de-sol-parcelle-12.pdf' }));
  },
};

export const Done: Story = { args: { status: 'done', loaded: 3 * MB } };

/** The server refused the file: its French detail, then 'Réessayer' or 'Retirer'. */
export const Failed: Story = {
  args: { status: 'error', error: messages.fileTooLarge, onRetry: fn(), onDismiss: fn() },
};

export const Cancelled: Story = { args: { status: 'cancelled', onRetry: fn(), onDismiss: fn() } };

/** The size is not known yet. */
export const Indeterminate: Story = { args: { loaded: undefined, total: undefined } };

/** A long file name on a phone wraps instead of pushing the buttons out. */
export const Phone: Story = {
  args: { fileName: 'autorisation-de-travaux-lotissement-des-vignes-tranche-2-signee.pdf' },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

/** An upload that runs: 'Annuler' stops it, 'Réessayer' starts again. */
function SimulatedUpload() {
  const total = 2.4 * MB;
  const [loaded, setLoaded] = useState(0);
  const [status, setStatus] = useState<UploadStatus>('uploading');
  useEffect(() => {
    if (status !== 'uploading') return;
    const timer = setInterval(() => {
      setLoaded((current) => {
        const next = Math.min(total, current + total / 20);
        if (next >= total) setStatus('done');
        return next;
      });
    }, 60);
    return () => clearInterval(timer);
  }, [status, total]);
  return (
    <UploadProgress
      fileName="plan-de-masse.pdf"
      loaded={loaded}
      total={total}
      status={status}
      onCancel={() => setStatus('cancelled')}
      onRetry={() => {
        setLoaded(0);
        setStatus('uploading');
      }}
    />
  );
}

export const Simulated: Story = {
  render: () => <SimulatedUpload />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Envoyé', {}, { timeout: 10_000 })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};
