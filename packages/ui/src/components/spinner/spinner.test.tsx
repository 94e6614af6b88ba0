import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces its label as a status', () => {
    render(<Spinner label="Chargement..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement...');
  });

  it('is hidden from screen readers without a label', () => {
    const { container } = render(<Spinner size="sm" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the label without announcing it inside a live region of its own', () => {
    render(
      <div role="status">
        <Spinner label="Envoi..." announce={false} />
      </div>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByText('Envoi...')).toBeVisible();
  });
});
