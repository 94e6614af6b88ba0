import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('renders its label as an accessible button of type button', () => {
    render(<Button>Se connecter</Button>);
    const button = screen.getByRole('button', { name: 'Se connecter' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-variant', 'primary');
    expect(button).toHaveClass('terres-button');
  });

  it('calls onClick when clicked', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Suivant</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('blocks the click when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Suivant
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Suivant' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('while loading, says it is busy, shows the caller label and ignores clicks', async () => {
    const onClick = vi.fn();
    render(
      <Button loading loadingLabel="Envoi..." onClick={onClick}>
        Se connecter
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Envoi...' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // Keeps the focus: not a native disabled button.
    expect(button).not.toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders the variant and size as data attributes', () => {
    render(
      <Button variant="success" size="lg">
        Soumettre mon annonce
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Soumettre mon annonce' });
    expect(button).toHaveAttribute('data-variant', 'success');
    expect(button).toHaveAttribute('data-size', 'lg');
  });

  it('with asChild renders the child link with the button look', () => {
    render(
      <Button asChild variant="secondary">
        <a href="/credits/buy">Acheter des crédits</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Acheter des crédits' });
    expect(link).toHaveAttribute('href', '/credits/buy');
    expect(link).toHaveClass('terres-button');
    expect(link).toHaveAttribute('data-variant', 'secondary');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
