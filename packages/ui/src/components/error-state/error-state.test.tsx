import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from './error-state';

describe('ErrorState', () => {
  it("is an alert with the message and 'Réessayer'", async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Impossible de charger les annonces" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger les annonces');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while retrying and has no button without onRetry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ErrorState onRetry={onRetry} retrying />);
    await userEvent.click(screen.getByRole('button', { name: 'Nouvel essai...' }));
    expect(onRetry).not.toHaveBeenCalled();
    rerender(<ErrorState title="Erreur : annonce introuvable." />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Erreur : annonce introuvable.' })).toBeInTheDocument();
  });
});
