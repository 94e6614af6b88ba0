import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './app';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App queryClient={queryClient} router={router} />);
  return router;
}

describe('admin console', () => {
  it('shows the product name and the placeholder on the home route', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: "Console d'administration" })).toBeInTheDocument();
    expect(screen.getByText('Bourse aux terres')).toBeInTheDocument();
    expect(screen.getByText('La console des administrateurs arrive bientôt.')).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Se connecter' });
    expect(signIn).toHaveClass('terres-button');
  });

  it('answers an unknown path with a French not-found page', async () => {
    renderAt('/nulle-part');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  });
});
