import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';

describe('Alert', () => {
  it('announces a warning or an error at once', () => {
    render(<Alert tone="warning">Achat annulé. Vous pouvez réessayer quand vous le souhaitez.</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Achat annulé. Vous pouvez réessayer quand vous le souhaitez.');
  });

  it('announces information politely, or not at all when asked', () => {
    const { rerender } = render(<Alert title="Annonce validée">Le solde a été débité.</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Annonce validée');
    rerender(<Alert tone="danger" live="off" title="Annonce refusée" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Annonce refusée')).toBeInTheDocument();
  });

  it('closes with Fermer and shows its action', async () => {
    const onDismiss = vi.fn();
    render(
      <Alert tone="danger" onDismiss={onDismiss} action={<button type="button">Réessayer</button>}>
        Erreur
      </Alert>,
    );
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
