import { getGetMyOrganizationMockHandler, getListInquiriesMockHandler, getListInquiriesPageMockHandler } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee, organization, owner } from '../../../test/fixtures';
import { listingsOfEveryStatus, makeInquiry } from '../../../test/inquiry-fixtures';
import { problem } from '../../../test/problem';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';

const UUID = /^\/user\/create-inquiry\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// A new listing's id is free: the API answers 404 to its read, so the wizard opens at its first
// sub-step (a mock's random listing would resume it further on, once its read answered).
const freshId = http.get('*/inquiries/:id', () => problem(404, 'Annonce introuvable.'));

/**
 * 'Créer une annonce' once its dialog's code is there (it loads after the page is drawn): a press
 * then opens the choice at once. components/create-inquiry.test.tsx presses it before.
 */
async function createButton() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Créer une annonce' })).toHaveAttribute('data-state'), { timeout: 10_000 });
  return screen.getByRole('button', { name: 'Créer une annonce' });
}

function withBalance(creditBalance: number) {
  return getGetMyOrganizationMockHandler({ ...organization, creditBalance });
}

describe('dashboard (spec §2)', () => {
  it("lists the organisation's listings with type, status, dates and cost, each opening its detail", async () => {
    const listings = listingsOfEveryStatus();
    // The API answers newest first (its default order).
    server.use(withBalance(240), getListInquiriesPageMockHandler([...listings].reverse()));
    renderApp('/dashboard', { user: owner });

    const table = await screen.findByRole('table', { name: 'Annonces de votre organisation' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeInTheDocument();
    expect(screen.getByText('8 annonces')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mes annonces · Bourse aux terres'));

    // Newest first, ten per page: all eight show.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: 'Projet 8 – PROCESSED' })).toHaveAttribute(
      'href',
      `/user/inquiry/details/${listings[7]!.id}/overview`,
    );
    expect(within(first).getByText('REMBLAIS')).toBeInTheDocument();
    expect(within(first).getByText('Traitée')).toBeInTheDocument();
    expect(within(first).getByText('du 15/01/2027 au 30/06/2027')).toBeInTheDocument();
    expect(within(first).getByText('17/10/2026')).toBeInTheDocument();
    expect(within(first).getByText('80 crédits')).toBeInTheDocument();

    // Every status reads its own label in the list.
    for (const label of ['Brouillon', 'En attente de validation', 'Validée', 'Refusée', 'Levée de doute envoyée', 'Site compatible trouvé', 'Transaction en cours']) {
      expect(within(table).getByText(label)).toBeInTheDocument();
    }
    expect(within(rows[7]!).getByText('DÉBLAIS')).toBeInTheDocument();
  });

  it('opens a listing from its row', async () => {
    const listing = makeInquiry({ projectName: 'Bassin de rétention de Wittenheim' });
    server.use(withBalance(240), getListInquiriesMockHandler([listing]), http.get('*/inquiries/:id', () => HttpResponse.json(listing)));
    const app = renderApp('/dashboard', { user: employee });
    expect(await screen.findByText('1 annonce')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Bassin de rétention de Wittenheim' }));
    await waitFor(() => expect(app.location().pathname).toBe(`/user/inquiry/details/${listing.id}/overview`));
  });

  it('says when the organisation has no listing yet, and offers to create one', async () => {
    server.use(withBalance(240), getListInquiriesMockHandler([]));
    renderApp('/dashboard', { user: owner });
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas encore créé d'annonce" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer une annonce' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for the listings at once with the organisation, not after it (issue 23: no waterfall)', async () => {
    // The organisation answers only once the listings have been asked: in series, this would hang.
    let listingsAsked = () => {};
    const asked = new Promise<void>((resolve) => (listingsAsked = resolve));
    server.use(
      http.get('*/organizations/me', async () => {
        await asked;
        return HttpResponse.json({ ...organization, creditBalance: 240 });
      }),
      getListInquiriesPageMockHandler(() => {
        listingsAsked();
        return { items: [makeInquiry({ projectName: 'Digue de Kembs' })] };
      }),
    );
    renderApp('/dashboard', { user: owner });
    expect(await screen.findByRole('link', { name: 'Digue de Kembs' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a loading state while the listings come', async () => {
    // The answer waits until the test lets it go, so the loading state is seen whatever the load.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      withBalance(240),
      http.get('*/inquiries', async () => {
        await answered;
        return HttpResponse.json([makeInquiry()]);
      }),
    );
    renderApp('/dashboard', { user: owner });
    expect(await screen.findByRole('status', {}, { timeout: 3000 })).toHaveTextContent('Chargement de vos annonces...');
    release();
    expect(await screen.findByRole('table', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("says 'Impossible de charger les annonces' when the list fails, and 'Réessayer' loads it", async () => {
    let calls = 0;
    server.use(
      withBalance(240),
      http.get('*/inquiries', () => {
        calls += 1;
        return calls <= 2
          ? HttpResponse.json({ status: 500, title: 'Internal Server Error' }, { status: 500 })
          : HttpResponse.json([makeInquiry({ projectName: 'Merlon acoustique A35 – Sausheim' })]);
      }),
    );
    const app = renderApp('/dashboard', { user: owner });
    // A 5xx is retried once (after a second) before the page says it failed.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByRole('heading', { name: 'Impossible de charger les annonces' })).toBeInTheDocument();
    await app.user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Merlon acoustique A35 – Sausheim' })).toBeInTheDocument();
  });

  it('offers cut or fill, each explained, and opens the wizard on a new id with the type', async () => {
    server.use(withBalance(240), getListInquiriesMockHandler([makeInquiry()]), freshId);
    const app = renderApp('/dashboard', { user: owner });
    await app.user.click(await createButton());

    const dialog = await screen.findByRole('dialog', { name: "Quel type d'annonce souhaitez-vous créer ?" });
    expect(within(dialog).getByText(/Votre chantier produit de la terre à évacuer/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Votre chantier a besoin de terre/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: /^Remblai/ }));

    await waitFor(() => expect(app.location().pathname).toMatch(UUID));
    expect(await screen.findByRole('textbox', { name: 'Nom du projet' })).toBeInTheDocument();
    expect(app.location().search).toEqual({ type: 'FILL' });
    expect(app.location().state.inquiryType).toBe('FILL');
  });

  it('creates a cut listing the same way, and Annuler closes the choice', async () => {
    server.use(withBalance(240), getListInquiriesMockHandler([]), freshId);
    const app = renderApp('/dashboard', { user: employee });
    await app.user.click(await createButton());
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.location().pathname).toBe('/dashboard');

    await app.user.click(screen.getByRole('button', { name: 'Créer une annonce' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /^Déblai/ }));
    await waitFor(() => expect(app.location().pathname).toMatch(UUID));
    expect(await screen.findByRole('textbox', { name: 'Nom du projet' })).toBeInTheDocument();
    expect(app.location().search).toEqual({ type: 'CUT' });
    expect(app.location().state.inquiryType).toBe('CUT');
  });

  it('asks an owner without credits to buy some before the first listing', async () => {
    server.use(withBalance(0), getListInquiriesMockHandler([]));
    renderApp('/dashboard', { user: owner });
    const notice = (await screen.findByRole('heading', { name: 'Des crédits sont nécessaires pour créer votre première annonce' })).closest('section')!;
    expect(screen.queryByRole('button', { name: 'Créer une annonce' })).not.toBeInTheDocument();
    expect(within(notice).getByText(/Achetez des crédits pour créer votre première annonce/)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Acheter des crédits' })).toHaveAttribute('href', '/credits/buy');
    expect(within(notice).getByRole('link', { name: "Consulter l'aide" })).toHaveAttribute('href', '/help');
  });

  it('tells an employee without credits that the owner buys them', async () => {
    server.use(withBalance(0), getListInquiriesMockHandler([]));
    renderApp('/dashboard', { user: employee });
    const notice = (await screen.findByRole('heading', { name: 'Des crédits sont nécessaires pour créer votre première annonce' })).closest('section')!;
    expect(within(notice).getByText(/Seul le responsable de votre organisation peut acheter des crédits/)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: "Consulter l'aide" })).toHaveAttribute('href', '/help');
    expect(screen.queryByRole('link', { name: 'Acheter des crédits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Créer une annonce' })).not.toBeInTheDocument();
  });

  it('lets an organisation that already has listings create another at 0 credit', async () => {
    server.use(withBalance(0), getListInquiriesMockHandler([makeInquiry({ status: 'APPROVED' })]));
    renderApp('/dashboard', { user: employee });
    expect(await screen.findByRole('button', { name: 'Créer une annonce' })).toBeInTheDocument();
    expect(screen.queryByText(/Des crédits sont nécessaires/)).not.toBeInTheDocument();
  });
  it('asks the API for one page at a time, with the search, and counts every listing (issue 20)', async () => {
    // 23 listings, newest first as the API answers; the API pages them (never the whole list).
    const listings = Array.from({ length: 23 }, (_, i) => makeInquiry({ projectName: `Chantier ${String(23 - i).padStart(2, '0')}` }));
    const asked: URLSearchParams[] = [];
    server.use(
      withBalance(240),
      getListInquiriesPageMockHandler(({ request }) => {
        const url = new URL(request.url);
        asked.push(url.searchParams);
        const q = url.searchParams.get('q');
        const rows = q ? listings.filter((l) => l.projectName.includes(q)) : listings;
        const size = Number(url.searchParams.get('page_size'));
        const start = (Number(url.searchParams.get('page')) - 1) * size;
        return { items: rows.slice(start, start + size), total: rows.length };
      }),
    );
    const app = renderApp('/dashboard', { user: owner });
    const table = await screen.findByRole('table', { name: 'Annonces de votre organisation' });
    expect(screen.getByText('23 annonces')).toBeInTheDocument();
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(10);
    expect(within(table).getByRole('link', { name: 'Chantier 23' })).toBeInTheDocument();
    expect(asked.every((params) => params.get('page_size') === '10')).toBe(true);

    await app.user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await within(table).findByRole('link', { name: 'Chantier 13' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Chantier 23' })).not.toBeInTheDocument();
    expect(asked.at(-1)?.get('page')).toBe('2');

    await app.user.type(screen.getByRole('searchbox', { name: 'Rechercher une annonce' }), 'Chantier 0');
    expect(await within(table).findByRole('link', { name: 'Chantier 09' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(9));
    expect(asked.at(-1)?.get('q')).toBe('Chantier 0');
    expect(asked.at(-1)?.get('page')).toBe('1');
    // The count above the table stays the organisation's.
    expect(screen.getByText('23 annonces')).toBeInTheDocument();
  });
});
