import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';

describe('/help', () => {
  it('shows the four FAQ items and the support contact in the console layout', async () => {
    const app = renderApp('/help', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Comment / })).toHaveLength(5);
    const contact = screen.getByRole('region', { name: 'Besoin d’aide\u00a0?' });
    expect(within(contact).getByRole('link', { name: 'support@bourse-aux-terres.fr' })).toHaveAttribute(
      'href',
      'mailto:support@bourse-aux-terres.fr',
    );
    // Not a details page: no back bar.
    expect(screen.queryByRole('navigation', { name: 'Retour' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Comment supprimer une annonce\u00a0?' }));
    expect(screen.getByText(/brouillon/i, { selector: 'p' })).toBeVisible();
    expect(document.title).toBe('Aide · Bourse aux terres');
  });
});
