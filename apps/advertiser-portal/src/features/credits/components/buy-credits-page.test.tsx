import type { CreditPackage } from '@terres/api-client';
import { getGetMyOrganizationMockHandler } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { organization, owner } from '../../../../test/fixtures';
import { problem } from '../../../../test/problem';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

const packs: CreditPackage[] = [
  { id: 'pack-100', credits: 100, price: 120, priceExcludingTax: 100, vatRate: 20, recommended: false, link: 'http://api.test/api/v1/payments/simulator/checkout?token=a' },
  { id: 'pack-500', credits: 500, price: 540, priceExcludingTax: 450, vatRate: 20, recommended: true, link: 'http://api.test/api/v1/payments/simulator/checkout?token=b' },
  { id: 'pack-1000', credits: 1000, price: 1020.5, priceExcludingTax: 850.42, vatRate: 20, recommended: false, link: 'http://api.test/api/v1/payments/simulator/checkout?token=c' },
];

describe('/credits/buy', () => {
  it("shows one card per pack, the recommended one highlighted, each 'Acheter ce pack' leading to the pack's link", async () => {
    server.use(getGetMyOrganizationMockHandler(organization), http.get('*/credits/packages', () => HttpResponse.json(packs)));
    renderApp('/credits/buy', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acheter des crédits' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Acheter des crédits · Bourse aux terres'));
    const cards = within(screen.getByRole('list', { name: 'Packs de crédits' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      '100\u00a0crédits',
      '500\u00a0crédits',
      '1\u202f000\u00a0crédits',
    ]);
    expect(cards[1]).toHaveAttribute('data-recommended');
    expect(within(cards[1]!).getByText('Recommandé')).toBeInTheDocument();
    expect(cards.filter((card) => card.hasAttribute('data-recommended'))).toHaveLength(1);
    expect(cards[2]!.textContent).toContain('1\u202f020,50\u00a0€');
    expect(within(cards[1]!).getByRole('link', { name: 'Acheter ce pack' })).toHaveAttribute('href', packs[1]!.link);
    expect(screen.getByRole('link', { name: 'Consultez l’aide' })).toHaveAttribute('href', '/help#credits');
  });

  it('prices each pack TTC and HT with the price of one credit, and shows what a listing costs (review D7)', async () => {
    server.use(getGetMyOrganizationMockHandler(organization), http.get('*/credits/packages', () => HttpResponse.json(packs)));
    renderApp('/credits/buy', { user: owner });
    const cards = within(await screen.findByRole('list', { name: 'Packs de crédits' })).getAllByRole('article');
    const flat = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
    expect(flat(cards[1]!.textContent)).toContain('540,00 € TTC');
    expect(flat(cards[1]!.textContent)).toContain('soit 450,00 € HT + TVA 20 %');
    expect(flat(cards[1]!.textContent)).toContain('0,90 € HT le crédit');
    const grid = screen.getByRole('table', { name: 'Coût d’une annonce en crédits' });
    expect(flat(within(grid).getAllByRole('row')[1]!.textContent)).toBe('jusqu’à 5 ha50 crédits10 crédits');
  });

  it('warns that the purchase was cancelled and removes the parameter from the address', async () => {
    server.use(getGetMyOrganizationMockHandler(organization), http.get('*/credits/packages', () => HttpResponse.json(packs)));
    const app = renderApp('/credits/buy?cancelled=true', { user: owner });
    expect(await screen.findByText('Achat annulé. Vous pouvez réessayer quand vous le souhaitez.')).toBeInTheDocument();
    await waitFor(() => expect(app.location().search).toEqual({}));
    expect(app.location().href).toBe('/credits/buy');
    expect(screen.getByText('Achat annulé. Vous pouvez réessayer quand vous le souhaitez.')).toBeInTheDocument();
  });

  it('opened from a listing, links back to it, also after a cancelled payment (issue 21)', async () => {
    server.use(getGetMyOrganizationMockHandler(organization), http.get('*/credits/packages', () => HttpResponse.json(packs)));
    const listing = '/user/create-inquiry/7d3c5b1a-2f4e-4a6b-9c8d-1e2f3a4b5c6d';
    const first = renderApp(`/credits/buy?redirect=${encodeURIComponent(listing)}`, { user: owner });
    expect(await screen.findByRole('link', { name: 'Revenir à votre annonce' })).toHaveAttribute('href', listing);
    first.unmount();
    // The payment page's cancel comes back without the parameter: the way back is kept.
    const cancelled = renderApp('/credits/buy?cancelled=true', { user: owner });
    expect(await screen.findByRole('link', { name: 'Revenir à votre annonce' })).toHaveAttribute('href', listing);
    cancelled.unmount();
    // A later visit of its own forgets it; a link elsewhere is never followed.
    renderApp('/credits/buy?redirect=https%3A%2F%2Fevil.example%2F', { user: owner });
    await screen.findByRole('list', { name: 'Packs de crédits' });
    expect(screen.queryByRole('link', { name: 'Revenir à votre annonce' })).not.toBeInTheDocument();
  });

  it('says nothing about a cancellation otherwise', async () => {
    server.use(getGetMyOrganizationMockHandler(organization), http.get('*/credits/packages', () => HttpResponse.json(packs)));
    renderApp('/credits/buy', { user: owner });
    await screen.findByRole('list', { name: 'Packs de crédits' });
    expect(screen.queryByText(/Achat annulé/)).not.toBeInTheDocument();
  });

  it("says 'Erreur lors du chargement des forfaits de crédits.' and retries", async () => {
    let fail = true;
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.get('*/credits/packages', () => (fail ? problem(500) : HttpResponse.json(packs))),
    );
    const app = renderApp('/credits/buy', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Erreur lors du chargement des forfaits de crédits.' }, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('list', { name: 'Packs de crédits' })).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    server.use(getGetMyOrganizationMockHandler(organization), http.get('*/credits/packages', () => HttpResponse.json([])));
    renderApp('/credits/buy', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Aucun pack de crédits n’est proposé pour le moment.' })).toBeInTheDocument();
  });
});
