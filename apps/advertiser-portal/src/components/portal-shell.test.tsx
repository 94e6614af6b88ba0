import { getGetMyOrganizationQueryKey, readSession, type Organization } from '@terres/api-client';
import { getGetCurrentUserMockHandler, getGetMyOrganizationMockHandler, getListInquiriesMockHandler } from '@terres/api-client/mocks';
import { ORGANIZATION_CREDITS_UPDATED_EVENT } from '@terres/domain';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee, organization, owner } from '../../test/fixtures';
import { loadedMenuButton } from '../../test/menus';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

// The header of owner and employee pages (spec §2 "Header for employee and owner", §4 "Credit
// balance in header"), and the sign-in that brings a user back where they were going (spec §4).

// fr-FR formats hold no-break spaces: compare the text as it is.
const exact = { normalizer: (text: string) => text.trim() };
const header = () => screen.getByRole('navigation', { name: 'Mon espace' });
const balance = () => within(header()).getByText(/crédit/, { selector: 'strong', ...exact }).textContent;

function creditsUpdated(detail: unknown) {
  act(() => {
    window.dispatchEvent(new CustomEvent(ORGANIZATION_CREDITS_UPDATED_EVENT, { detail }));
  });
}

describe('portal header', () => {
  it("shows the organisation's balance, 'Mon Compte' and, for the owner, 'Acheter des crédits'", async () => {
    server.use(getGetMyOrganizationMockHandler(organization), getListInquiriesMockHandler([]));
    renderApp('/dashboard', { user: owner });
    await screen.findByRole('heading', { level: 1, name: 'Mes annonces' });
    await waitFor(() => expect(balance()).toBe('240\u00a0crédits'));
    expect(within(header()).getByRole('link', { name: 'Mon Compte' })).toHaveAttribute('href', '/user/account/informations');
    expect(within(header()).getByRole('link', { name: 'Acheter des crédits' })).toHaveAttribute('href', '/credits/buy');
  });

  it("gives an employee the balance and 'Mon Compte', not 'Acheter des crédits'", async () => {
    server.use(getGetMyOrganizationMockHandler(organization), getListInquiriesMockHandler([]));
    renderApp('/dashboard', { user: employee });
    await screen.findByRole('heading', { level: 1, name: 'Mes annonces' });
    await waitFor(() => expect(balance()).toBe('240\u00a0crédits'));
    expect(within(header()).getByRole('link', { name: 'Mon Compte' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Acheter des crédits' })).not.toBeInTheDocument();
  });

  it("follows the 'organizationCreditsUpdated' event for the user's organisation only (a non-number counts as 0)", async () => {
    server.use(getGetMyOrganizationMockHandler(organization), getListInquiriesMockHandler([]));
    const app = renderApp('/dashboard', { user: owner });
    await screen.findByRole('heading', { level: 1, name: 'Mes annonces' });
    await waitFor(() => expect(balance()).toBe('240\u00a0crédits'));
    const cached = () => app.queryClient.getQueryData<Organization>(getGetMyOrganizationQueryKey())?.creditBalance;

    creditsUpdated({ organisationId: organization.id, creditBalance: 1300 });
    await waitFor(() => expect(balance()).toBe('1\u202f300\u00a0crédits'));
    // Another organisation's event changes nothing (the cache is written at once when it does).
    creditsUpdated({ organisationId: 'une-autre-organisation', creditBalance: 5 });
    expect(cached()).toBe(1300);
    creditsUpdated({ organisationId: organization.id, creditBalance: 'beaucoup' });
    await waitFor(() => expect(balance()).toBe('0\u00a0crédit'));
  });

  it('reads the balance again when the user comes back to the tab (an admin’s grant shows, issue 21)', async () => {
    let creditBalance = 240;
    server.use(
      http.get('*/organizations/me', () => HttpResponse.json({ ...organization, creditBalance } satisfies Organization)),
      getListInquiriesMockHandler([]),
    );
    renderApp('/dashboard', { user: owner });
    await screen.findByRole('heading', { level: 1, name: 'Mes annonces' });
    await waitFor(() => expect(balance()).toBe('240\u00a0crédits'));
    creditBalance = 740;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(balance()).toBe('740\u00a0crédits'));
  });

  it("signs out from the user menu: the session is cleared and the browser is on /login", async () => {
    server.use(
      getGetMyOrganizationMockHandler(organization),
      getListInquiriesMockHandler([]),
      http.post('*/auth/logout', () => new HttpResponse(null, { status: 204 })),
    );
    const app = renderApp('/dashboard', { user: owner });
    await screen.findByRole('heading', { level: 1, name: 'Mes annonces' });
    await app.user.click(await loadedMenuButton('Menu du compte, Camille'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion à votre compte' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(readSession().accessToken).toBeNull();
    // Nothing of the signed-out organisation stays cached: the next user's header does not start
    // from this balance.
    expect(app.queryClient.getQueryData(getGetMyOrganizationQueryKey())).toBeUndefined();
  });
});

describe('sign-in after a redirect', () => {
  it('brings the user back to the page they wanted, with its query', async () => {
    server.use(
      getGetMyOrganizationMockHandler(organization),
      getGetCurrentUserMockHandler(owner),
      http.post('*/auth/login/magic-link/request', () => new HttpResponse(null, { status: 202 })),
      http.post('*/auth/magic-link/verify', () =>
        HttpResponse.json({
          accessToken: 'access',
          accessTokenExpirationDate: new Date(Date.now() + 900_000).toISOString(),
          refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
          user: owner,
        }),
      ),
    );
    const app = renderApp('/user/account/organization?onglet=2');
    await screen.findByRole('heading', { level: 1, name: 'Connexion à votre compte' });
    await app.user.type(screen.getByRole('textbox', { name: 'Votre email' }), owner.email);
    await app.user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await app.user.click(await screen.findByRole('textbox', { name: 'Chiffre 1 sur 6' }));
    await app.user.paste('123456');
    expect(await screen.findByRole('heading', { level: 2, name: 'Votre organisation' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/user/account/organization');
    expect(app.location().search).toEqual({ onglet: 2 });
  });
});
