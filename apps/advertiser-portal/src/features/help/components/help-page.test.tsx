import { getGetMyOrganizationMockHandler } from '@terres/api-client/mocks';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { employee, organization, owner } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

describe('/help', () => {
  it('shows the spec’s four FAQ items, the credits question and the support contact, with the back bar but no help button', async () => {
    server.use(getGetMyOrganizationMockHandler(organization));
    const app = renderApp('/help', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Comment / })).toHaveLength(5);
    const contact = screen.getByRole('region', { name: 'Besoin d’aide\u00a0?' });
    expect(within(contact).getByRole('link', { name: 'support@bourse-aux-terres.fr' })).toHaveAttribute(
      'href',
      'mailto:support@bourse-aux-terres.fr',
    );
    const back = screen.getByRole('navigation', { name: 'Retour' });
    expect(within(back).getByRole('link', { name: 'Revenir à mes annonces' })).toHaveAttribute('href', '/dashboard');
    expect(within(back).queryByRole('link', { name: 'Aide' })).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Comment modifier une annonce\u00a0?' }));
    expect(screen.getByText(/après un refus/)).toBeVisible();
    expect(document.title).toBe('Aide · Bourse aux terres');
  });

  it('is open to employees too', async () => {
    server.use(getGetMyOrganizationMockHandler(organization));
    renderApp('/help', { user: employee });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aide' })).toBeInTheDocument();
  });
});
