import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it.each([
    ['PENDING_VALIDATION', 'En attente de validation', 'warning'],
    ['REJECTED', 'Refusée', 'danger'],
    ['APPROVED', 'Validée', 'success'],
    ['DRAFT', 'Statut inconnu', 'neutral'],
    ['SITE_FOUND', 'Statut inconnu', 'neutral'],
  ])('%s reads %s', (status, label, tone) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveAttribute('data-tone', tone);
  });

  it('in label mode shows every status label', () => {
    render(<StatusBadge status="SITE_FOUND" mode="label" />);
    expect(screen.getByText('Site compatible trouvé')).toBeInTheDocument();
  });
});
