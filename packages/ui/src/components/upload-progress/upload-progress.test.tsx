import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadProgress, uploadPercent } from './upload-progress';

const MB = 1024 * 1024;

describe('uploadPercent', () => {
  it('is a whole percentage between 0 and 100, or null when unknown', () => {
    expect(uploadPercent(512, 1024)).toBe(50);
    expect(uploadPercent(1023, 1024)).toBe(99);
    expect(uploadPercent(2048, 1024)).toBe(100);
    expect(uploadPercent(undefined, 1024)).toBeNull();
    expect(uploadPercent(10, 0)).toBeNull();
  });
});

describe('UploadProgress', () => {
  it('shows a named progress bar with the percentage and the sizes', () => {
    render(<UploadProgress fileName="etude-de-sol.pdf" loaded={1.26 * MB} total={3 * MB} />);
    const bar = screen.getByRole('progressbar', { name: 'etude-de-sol.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuetext', '42 % (1,3\u00a0Mo sur 3\u00a0Mo)');
    expect(screen.getByText('Envoi... 42 %')).toBeInTheDocument();
  });

  it('announces the progress at 25, 50 and 75 % only, then the end', () => {
    const { rerender } = render(<UploadProgress fileName="plan.pdf" loaded={10} total={100} />);
    const live = () => document.querySelector('[aria-live="polite"]');
    expect(live()).toHaveTextContent('');
    rerender(<UploadProgress fileName="plan.pdf" loaded={30} total={100} />);
    expect(live()).toHaveTextContent('Envoi de plan.pdf : 25 %');
    rerender(<UploadProgress fileName="plan.pdf" loaded={45} total={100} />);
    expect(live()).toHaveTextContent('Envoi de plan.pdf : 25 %');
    rerender(<UploadProgress fileName="plan.pdf" loaded={80} total={100} />);
    expect(live()).toHaveTextContent('Envoi de plan.pdf : 75 %');
    rerender(<UploadProgress fileName="plan.pdf" loaded={100} total={100} status="done" />);
    expect(live()).toHaveTextContent('plan.pdf envoyé.');
    expect(screen.getByText('Envoyé')).toBeInTheDocument();
  });

  it('cancels while sending', async () => {
    const onCancel = vi.fn();
    render(<UploadProgress fileName="plan.pdf" loaded={30} total={100} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler l’envoi de plan.pdf' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says why it failed, and offers Réessayer and Retirer', async () => {
    const onRetry = vi.fn();
    const onDismiss = vi.fn();
    render(
      <UploadProgress
        fileName="photo.bmp"
        total={2 * MB}
        status="error"
        error="Format de fichier non autorisé."
        onCancel={vi.fn()}
        onRetry={onRetry}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Format de fichier non autorisé.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Annuler/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer l’envoi de photo.bmp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Retirer photo.bmp' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('is indeterminate while the size is unknown', () => {
    render(<UploadProgress fileName="plan.pdf" />);
    const bar = screen.getByRole('progressbar');
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuetext', 'Envoi en cours');
  });
});
