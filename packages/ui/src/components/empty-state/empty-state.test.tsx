import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows a heading, a description and an action', () => {
    render(
      <EmptyState
        title="Vous n'avez pas encore créé d'annonce"
        description="Publiez votre premier chantier."
        action={<button type="button">Créer une annonce</button>}
        headingLevel={3}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: "Vous n'avez pas encore créé d'annonce" })).toBeInTheDocument();
    expect(screen.getByText('Publiez votre premier chantier.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer une annonce' })).toBeInTheDocument();
  });
});
