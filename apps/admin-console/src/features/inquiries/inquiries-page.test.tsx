import { getListInquiriesPageMockHandler, slicePage } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/fixtures';
import { listing } from '../../../test/listings';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';

const rows = [
  listing({ projectName: 'Écoquartier des Berges', type: 'CUT', status: 'PENDING_VALIDATION', createdAt: '2026-11-20T10:00:00Z' }),
  listing({
    projectName: 'Comblement de carrière à Saint-Louis',
    organizationName: 'Remblais du Haut-Rhin SARL',
    type: 'FILL',
    status: 'APPROVED',
    siteAddress: 'Rue de Huningue 68300 Saint-Louis',
    startDate: null,
    endDate: null,
    createdAt: '2026-11-18T10:00:00Z',
  }),
  ...Array.from({ length: 10 }, (_, index) => listing({ projectName: `Chantier ${index + 1}`, status: 'SITE_FOUND' })),
];

/** Serves `data` as the API would, recording each request's query string. */
function serveListings(data = rows, options: { gate?: () => Promise<void> } = {}) {
  const requests: URLSearchParams[] = [];
  server.use(
    getListInquiriesPageMockHandler(async ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.searchParams);
      if (options.gate) await options.gate();
      return slicePage(data, url);
    }),
  );
  return requests;
}

const table = () => screen.getByRole('table', { name: 'Annonces de toutes les organisations' });
const query = (params: URLSearchParams) => Object.fromEntries(params.entries());

describe('/admin/inquiries', () => {
  it('shows the newest listings, 25 per page, every column, rows linking to the overview', async () => {
    const requests = serveListings();
    renderApp('/admin/inquiries', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des annonces' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Écoquartier des Berges' })).toHaveAttribute(
      'href',
      `/admin/inquiry/details/${rows[0]!.id}/overview`,
    );
    // Drafts are left to the API's default (no status): it hides them (CONTRACT §11).
    expect(query(requests[0]!)).toEqual({ sort: '-created_at', page: '1', page_size: '25' });
    const headers = within(table()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Projet', 'Type', 'Organisation', 'Ville', 'Statut', 'Disponibilité', 'Créée le']);
    const second = within(table()).getByRole('link', { name: 'Comblement de carrière à Saint-Louis' }).closest('tr')!;
    expect(within(second).getByText('REMBLAIS')).toBeInTheDocument();
    expect(within(second).getByText('Remblais du Haut-Rhin SARL')).toBeInTheDocument();
    expect(within(second).getByText('Saint-Louis')).toBeInTheDocument();
    expect(within(second).getByText('Validée')).toBeInTheDocument();
    expect(within(second).getByText('Date non renseignée')).toBeInTheDocument();
    expect(within(second).getByText('18/11/2026')).toBeInTheDocument();
    const first = within(table()).getByRole('link', { name: 'Écoquartier des Berges' }).closest('tr')!;
    expect(within(first).getByText('01/02/2027 – 30/06/2027')).toBeInTheDocument();
    expect(within(first).getByText('DÉBLAIS')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByText('1–12 sur 12')).toBeInTheDocument();
    expect(document.title).toBe('Liste des annonces · Bourse aux terres');
  });

  it('searches from two characters, in the API and in the URL', async () => {
    const requests = serveListings();
    const app = renderApp('/admin/inquiries', { user: admin });
    await screen.findByRole('link', { name: 'Écoquartier des Berges' });
    const field = screen.getByRole('searchbox', { name: 'Rechercher une annonce' });
    await app.user.type(field, 'e');
    // One character searches nothing.
    expect(requests.every((params) => !params.has('q'))).toBe(true);
    await app.user.type(field, 'co');
    await waitFor(() => expect(app.location().search).toEqual({ q: 'eco' }));
    await waitFor(() => expect(requests.at(-1)?.get('q')).toBe('eco'));
    expect(query(requests.at(-1)!)).toEqual({ q: 'eco', sort: '-created_at', page: '1', page_size: '25' });
  });

  it('filters by status (drafts when asked) and type, pages, sizes and sorts through the API', async () => {
    const requests = serveListings();
    const app = renderApp('/admin/inquiries?size=5', { user: admin });
    await screen.findByRole('link', { name: 'Écoquartier des Berges' });

    await app.user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(requests.at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText('6–10 sur 12')).toBeInTheDocument();
    expect(app.location().search).toEqual({ page: 2, size: 5 });

    await app.user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await app.user.click(await screen.findByRole('option', { name: 'Brouillon' }));
    await waitFor(() => expect(requests.at(-1)?.getAll('status')).toEqual(['DRAFT']));
    // A new filter starts again at page 1.
    expect(requests.at(-1)?.get('page')).toBe('1');
    expect(app.location().search).toEqual({ status: 'DRAFT', size: 5 });

    await app.user.click(screen.getByRole('combobox', { name: 'Type' }));
    await app.user.click(await screen.findByRole('option', { name: 'Remblais' }));
    await waitFor(() => expect(requests.at(-1)?.get('type')).toBe('FILL'));

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Lignes par page' }), '10');
    await waitFor(() => expect(requests.at(-1)?.get('page_size')).toBe('10'));

    await app.user.click(screen.getByRole('button', { name: 'Créée le' }));
    await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('created_at'));
    await app.user.click(screen.getByRole('button', { name: 'Disponibilité' }));
    await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('start_date'));
    expect(app.location().search).toEqual({ status: 'DRAFT', type: 'FILL', size: 10, sort: 'start_date' });

    await app.user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(app.location().search).toEqual({ size: 10, sort: 'start_date' }));
  });

  it('opens on the state a link or a reload carries', async () => {
    const requests = serveListings();
    renderApp('/admin/inquiries?q=%22berges%22&status=APPROVED&type=CUT&page=2&size=10&sort=start_date', { user: admin });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(query(requests[0]!)).toEqual({ q: 'berges', status: 'APPROVED', type: 'CUT', sort: 'start_date', page: '2', page_size: '10' });
    expect(screen.getByRole('searchbox', { name: 'Rechercher une annonce' })).toHaveValue('berges');
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveTextContent('Validée');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Déblais');
  });

  it('goes back and forward through pages and filters with the browser', async () => {
    const requests = serveListings();
    const app = renderApp('/admin/inquiries?size=5', { user: admin });
    await screen.findByRole('link', { name: 'Écoquartier des Berges' });
    await app.user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByRole('link', { name: 'Chantier 4' })).toBeInTheDocument();
    app.router.history.back();
    expect(await screen.findByRole('link', { name: 'Écoquartier des Berges' })).toBeInTheDocument();
    expect(app.location().search).toEqual({ size: 5 });
    app.router.history.forward();
    expect(await screen.findByRole('link', { name: 'Chantier 4' })).toBeInTheDocument();
    expect(screen.getByText('6–10 sur 12')).toBeInTheDocument();
    expect(requests.map((params) => params.get('page'))).toEqual(['1', '2']);
  });

  it('keeps the rows on screen while the next page loads', async () => {
    // Each answer waits until the test lets it go, so the loading state is seen whatever the load.
    const pending: Array<() => void> = [];
    serveListings(rows, { gate: () => new Promise<void>((resolve) => pending.push(resolve)) });
    const release = async () => {
      await waitFor(() => expect(pending).toHaveLength(1));
      pending.shift()!();
    };
    const app = renderApp('/admin/inquiries?size=5', { user: admin });
    expect(await screen.findByText('Chargement...')).toBeInTheDocument();
    await release();
    await screen.findByRole('link', { name: 'Écoquartier des Berges' });
    await app.user.click(screen.getByRole('button', { name: 'Page suivante' }));
    // The first page stays, marked as loading, until the second arrives.
    expect(await screen.findByText('Chargement...')).toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Écoquartier des Berges' })).toBeInTheDocument();
    await release();
    expect(await screen.findByRole('link', { name: 'Chantier 4' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Écoquartier des Berges' })).not.toBeInTheDocument();
  });

  it("says 'Aucune donnée' when nothing matches", async () => {
    serveListings([]);
    renderApp('/admin/inquiries?q=introuvable', { user: admin });
    expect(await screen.findByText('Aucune donnée')).toBeInTheDocument();
    expect(screen.getByText('0 résultat')).toBeInTheDocument();
  });

  it('explains a failed load and retries', async () => {
    let fail = true;
    server.use(
      http.get('*/inquiries', ({ request }) =>
        fail
          ? HttpResponse.json(
              { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'Service momentanément indisponible.' },
              { status: 503, headers: { 'Content-Type': 'application/problem+json' } },
            )
          : HttpResponse.json(slicePage(rows, new URL(request.url)).items, { headers: { 'X-Total-Count': '12' } }),
      ),
    );
    const app = renderApp('/admin/inquiries', { user: admin });
    // A 5xx is retried once by the query client before the table says so.
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Impossible de charger les annonces : Service momentanément indisponible.');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Écoquartier des Berges' })).toBeInTheDocument();
  });

  it('says when a search counts more than 10 000 listings', async () => {
    server.use(getListInquiriesPageMockHandler(() => ({ items: rows.slice(0, 5), total: 10_000, totalCapped: true })));
    renderApp('/admin/inquiries?q=rue', { user: admin });
    expect(await screen.findByText(/Plus de 10.000 annonces correspondent à cette recherche/)).toBeInTheDocument();
  });
});
