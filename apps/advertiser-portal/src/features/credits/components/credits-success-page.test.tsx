import type { Organization } from '@terres/api-client';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organization, owner } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

// The page's clock is faked (it also advances on its own, so Testing Library's waits work):
// each test jumps through the spec's 3 s, 2 s, 30 s and 10 s without waiting for them.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

// Texts holding the no-break spaces of fr-FR formats, compared as they are.
const exact = { normalizer: (text: string) => text.trim() };

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The own organisation as the API answers it, its balance changing when the test says. */
function organisationApi(initialBalance: number) {
  let balance = initialBalance;
  let reads = 0;
  server.use(
    http.get('*/organizations/me', () => {
      reads += 1;
      return HttpResponse.json({ ...organization, creditBalance: balance } satisfies Organization);
    }),
  );
  return {
    credit: (value: number) => {
      balance = value;
    },
    reads: () => reads,
  };
}

describe('/credits/success', () => {
  it('goes back to the packs without expected_credit_count', async () => {
    organisationApi(240);
    const app = renderApp('/credits/success', { user: owner });
    await waitFor(() => expect(app.location().pathname).toBe('/credits/buy'));
    const invalid = renderApp('/credits/success?expected_credit_count=abc', { user: owner });
    await waitFor(() => expect(invalid.location().pathname).toBe('/credits/buy'));
  });

  it('with payment_confirmed=true, shows the countdown after 3 s with the expected balance, and the button leaves at once', async () => {
    organisationApi(240);
    const app = renderApp('/credits/success?expected_credit_count=740&payment_confirmed=true', { user: owner });
    expect(await screen.findByRole('heading', { level: 2, name: 'Confirmation de votre paiement' })).toBeInTheDocument();
    await advance(2500);
    expect(screen.queryByRole('heading', { name: 'Paiement confirmé\u00a0!' })).not.toBeInTheDocument();
    await advance(600);
    expect(await screen.findByRole('heading', { name: 'Paiement confirmé\u00a0!' })).toBeInTheDocument();
    expect(screen.getByText('Vos crédits ont été ajoutés. Nouveau solde\u00a0: 740\u00a0crédits.', exact)).toBeInTheDocument();
    expect(screen.getByText('Redirection vers vos annonces dans 10 s.')).toBeInTheDocument();
    await advance(3000);
    expect(screen.getByText('Redirection vers vos annonces dans 7 s.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Aller à mes annonces' }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });

  it('goes back to the listing the purchase started from, once the credits are there (issue 21)', async () => {
    organisationApi(740);
    sessionStorage.setItem('bourse-aux-terres:credits:return', '/user/create-inquiry/7d3c5b1a-2f4e-4a6b-9c8d-1e2f3a4b5c6d');
    const app = renderApp('/credits/success?expected_credit_count=740&payment_confirmed=true', { user: owner });
    await advance(3100);
    expect(await screen.findByText('Retour à votre annonce dans 10 s.')).toBeInTheDocument();
    await advance(10_500);
    await waitFor(() => expect(app.location().pathname).toBe('/user/create-inquiry/7d3c5b1a-2f4e-4a6b-9c8d-1e2f3a4b5c6d'));
    expect(sessionStorage.getItem('bourse-aux-terres:credits:return')).toBeNull();
  });

  it("with payment_confirmed=true, reads the header's balance again from the API at the countdown", async () => {
    const api = organisationApi(240);
    renderApp('/credits/success?expected_credit_count=740&payment_confirmed=true', { user: owner });
    expect(await screen.findByText('240\u00a0crédits', { selector: 'strong', ...exact })).toBeInTheDocument();
    api.credit(740);
    await advance(3100);
    expect(await screen.findByRole('heading', { name: 'Paiement confirmé\u00a0!' })).toBeInTheDocument();
    expect(await screen.findByText('740\u00a0crédits', { selector: 'strong', ...exact })).toBeInTheDocument();
  });

  it('polls the organisation every 2 s until the balance reaches the expected count, then counts down 10 s to /dashboard', async () => {
    const api = organisationApi(240);
    const app = renderApp('/credits/success?expected_credit_count=740', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Confirmation de votre paiement' })).toBeInTheDocument();
    const before = api.reads();
    await advance(2000);
    await waitFor(() => expect(api.reads()).toBe(before + 1));
    await advance(2000);
    await waitFor(() => expect(api.reads()).toBe(before + 2));
    expect(screen.queryByText(/Vérification en cours depuis/)).not.toBeInTheDocument();
    await advance(2000);
    expect(await screen.findByText(/Vérification en cours depuis 6 s/)).toBeInTheDocument();

    api.credit(740);
    await advance(2000);
    expect(await screen.findByRole('heading', { name: 'Paiement confirmé\u00a0!' })).toBeInTheDocument();
    expect(screen.getByText('Vos crédits ont été ajoutés. Nouveau solde\u00a0: 740\u00a0crédits.', exact)).toBeInTheDocument();
    // The header's balance follows.
    expect(screen.getByText('740\u00a0crédits', { selector: 'strong', ...exact })).toBeInTheDocument();
    const reads = api.reads();
    await advance(9000);
    expect(app.location().pathname).toBe('/credits/success');
    await advance(1500);
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(api.reads()).toBeLessThanOrEqual(reads + 1);
  });

  it('waits at least 3 s even when the credits are already there', async () => {
    organisationApi(740);
    renderApp('/credits/success?expected_credit_count=740', { user: owner });
    await screen.findByRole('heading', { name: 'Confirmation de votre paiement' });
    await advance(2100);
    expect(screen.queryByRole('heading', { name: 'Paiement confirmé\u00a0!' })).not.toBeInTheDocument();
    await advance(1000);
    expect(await screen.findByRole('heading', { name: 'Paiement confirmé\u00a0!' })).toBeInTheDocument();
  });

  it('gives up after 30 s (15 checks) with the current balance, the support contact and a way back', async () => {
    const api = organisationApi(240);
    renderApp('/credits/success?expected_credit_count=740', { user: owner });
    await screen.findByRole('heading', { name: 'Confirmation de votre paiement' });
    const before = api.reads();
    for (let second = 2; second <= 28; second += 2) {
      await advance(2000);
      await waitFor(() => expect(api.reads()).toBe(before + second / 2));
    }
    expect(screen.queryByRole('heading', { name: 'Le paiement prend plus de temps que prévu' })).not.toBeInTheDocument();
    await advance(2000);
    expect(await screen.findByRole('heading', { name: 'Le paiement prend plus de temps que prévu' })).toBeInTheDocument();
    expect(api.reads()).toBe(before + 15);
    expect(screen.getByText('Solde actuel\u00a0: 240\u00a0crédits.', exact)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@bourse-aux-terres.fr' })).toHaveAttribute('href', 'mailto:support@bourse-aux-terres.fr');
    expect(screen.getByRole('link', { name: 'Retour à mes annonces' })).toHaveAttribute('href', '/dashboard');
    await advance(10_000);
    expect(api.reads()).toBe(before + 15);
  });
});
