import { getListSoilStudiesPageMockHandler, slicePage } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin } from '../../../test/fixtures';
import { listing, ORGANIZATION_ID, soilStudy } from '../../../test/listings';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { captureDownloads, problem } from '../../../test/http';

afterEach(() => {
  vi.restoreAllMocks();
});

const withFile = listing({ projectName: 'Lotissement Les Vergers – Pfastatt', status: 'SITE_FOUND' });
const delegated = listing({ projectName: 'Comblement de carrière à Saint-Louis', organizationName: 'Remblais du Haut-Rhin SARL' });
const rows = [
  soilStudy(withFile, { street: 'Rue de Lutterbach', postcode: '68120', city: 'Pfastatt', fileName: 'étude de sol G2.pdf' }),
  soilStudy(delegated, {
    street: 'Rue de Huningue',
    postcode: '68300',
    city: 'Saint-Louis',
    hasFile: false,
    delegated: true,
    documentId: null,
    fileName: null,
  }),
  ...Array.from({ length: 6 }, (_, index) => soilStudy(listing(), { street: `${index + 1} rue des Tests` })),
];

function serveStudies(data = rows) {
  const requests: URLSearchParams[] = [];
  server.use(
    getListSoilStudiesPageMockHandler(({ request }) => {
      const url = new URL(request.url);
      requests.push(url.searchParams);
      return slicePage(data, url);
    }),
  );
  return requests;
}

const table = () => screen.getByRole('table', { name: 'Études de sol des annonces' });

describe('/admin/soil-studies (spec §2)', () => {
  it('lists street, postcode, city and organisation, 25 per page, rows to the study', async () => {
    const requests = serveStudies();
    renderApp('/admin/soil-studies', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Études de sol' })).toBeInTheDocument();
    const link = await within(table()).findByRole('link', { name: 'Rue de Lutterbach' });
    expect(link).toHaveAttribute('href', `/admin/soil-studies/${withFile.id}`);
    expect(Object.fromEntries(requests[0]!)).toEqual({ sort: '-created_at', page: '1', page_size: '25' });
    expect(within(table()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rue',
      'Code postal',
      'Ville',
      'Organisation',
      'Fichier',
    ]);
    const second = within(table()).getByRole('link', { name: 'Rue de Huningue' }).closest('tr')!;
    expect(within(second).getByText('68300')).toBeInTheDocument();
    expect(within(second).getByText('Saint-Louis')).toBeInTheDocument();
    expect(within(second).getByText('Remblais du Haut-Rhin SARL')).toBeInTheDocument();
    expect(within(second).getByText('Confiée à la plateforme')).toBeInTheDocument();
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('1–8 sur 8')).toBeInTheDocument();
    expect(document.title).toBe('Études de sol · Bourse aux terres');
  });

  it("downloads a row's study under its real name", async () => {
    serveStudies();
    server.use(
      http.get('*/documents/:id/download', () =>
        new HttpResponse(new Blob(['%PDF-1.4 étude'], { type: 'application/pdf' }), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="etude de sol G2.pdf"; filename*=UTF-8''%C3%A9tude%20de%20sol%20G2.pdf`,
          },
        }),
      ),
    );
    const downloads = captureDownloads();
    const app = renderApp('/admin/soil-studies', { user: admin });
    await app.user.click(await screen.findByRole('button', { name: 'Télécharger l’étude de sol de Rue de Lutterbach, Pfastatt' }));
    await waitFor(() => expect(downloads.names).toEqual(['étude de sol G2.pdf']));
    expect(await downloads.blobs[0]!.text()).toBe('%PDF-1.4 étude');
  });

  it('searches and pages through the API, the state in the URL', async () => {
    const requests = serveStudies();
    const app = renderApp('/admin/soil-studies?size=5', { user: admin });
    await within(await screen.findByRole('table')).findByRole('link', { name: 'Rue de Lutterbach' });
    await app.user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(requests.at(-1)?.get('page')).toBe('2'));
    expect(app.location().search).toEqual({ page: 2, size: 5 });
    await app.user.type(screen.getByRole('searchbox', { name: 'Rechercher une étude' }), 'pfast');
    await waitFor(() => expect(requests.at(-1)?.get('q')).toBe('pfast'));
    expect(requests.at(-1)?.get('page')).toBe('1');
    expect(app.location().search).toEqual({ q: 'pfast', size: 5 });
  });

  it('opens the queue of delegated studies (issue 21): a visible filter in the URL, removable', async () => {
    const requests = serveStudies();
    const app = renderApp('/admin/soil-studies?state=delegated', { user: admin });
    await within(await screen.findByRole('table', { name: 'Études de sol des annonces' }, { timeout: 10_000 })).findByRole('link', { name: 'Rue de Lutterbach' }, { timeout: 10_000 });
    expect(requests.at(-1)?.get('state')).toBe('delegated');
    const filter = screen.getByRole('combobox', { name: 'Étude' });
    expect(filter).toHaveTextContent('Confiées à la plateforme, à réaliser');

    await app.user.click(filter);
    await app.user.click(await screen.findByRole('option', { name: 'Avec un fichier' }));
    await waitFor(() => expect(app.location().search).toEqual({ state: 'provided' }));
    await waitFor(() => expect(requests.at(-1)?.get('state')).toBe('provided'));
    await app.user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(app.location().search).toEqual({}));
    await waitFor(() => expect(requests.at(-1)?.has('state')).toBe(false));
    expect(screen.getByRole('combobox', { name: 'Étude' })).toHaveTextContent('Toutes les études');
  });

  it("says 'Aucune donnée' when there is none, and explains a failed load", async () => {
    serveStudies([]);
    renderApp('/admin/soil-studies', { user: admin });
    expect(await screen.findByText('Aucune donnée')).toBeInTheDocument();
  });

  it('explains a failed load and retries', async () => {
    let fail = true;
    server.use(
      http.get('*/soil-studies', ({ request }) =>
        fail
          ? problem(403, 'Accès réservé aux administrateurs.')
          : HttpResponse.json(slicePage(rows, new URL(request.url)).items, { headers: { 'X-Total-Count': '8' } }),
      ),
    );
    const app = renderApp('/admin/soil-studies', { user: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les études de sol : Accès réservé aux administrateurs.');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Rue de Lutterbach' })).toBeInTheDocument();
  });
});

describe('/admin/soil-studies/{id}', () => {
  function serveStudy(study: (typeof rows)[number], inquiry: typeof withFile) {
    server.use(
      http.get('*/soil-studies/:id', ({ params }) =>
        params.id === study.id ? HttpResponse.json(study) : problem(404, 'Étude de sol introuvable.'),
      ),
      http.get('*/inquiries/:id', ({ params }) =>
        params.id === inquiry.id ? HttpResponse.json(inquiry) : problem(404, 'Erreur : annonce introuvable.'),
      ),
    );
  }

  it('shows the study, its listing and organisation with links, and its file', async () => {
    serveStudy(rows[0]!, withFile);
    renderApp(`/admin/soil-studies/${withFile.id}`, { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Étude de sol' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Étude de sol · Lotissement Les Vergers – Pfastatt · Bourse aux terres'));
    const study = screen.getByRole('region', { name: 'Étude' });
    expect(within(study).getByText("Fournie par l'annonceur")).toBeInTheDocument();
    expect(within(study).getByText('étude de sol G2.pdf')).toBeInTheDocument();
    expect(within(study).getByRole('button', { name: /^Télécharger/ })).toBeInTheDocument();
    const listingPanel = screen.getByRole('region', { name: 'Annonce' });
    expect(within(listingPanel).getByText('Lotissement Les Vergers – Pfastatt')).toBeInTheDocument();
    expect(within(listingPanel).getByText('Site compatible trouvé')).toBeInTheDocument();
    expect(within(listingPanel).getByRole('link', { name: "Voir l'annonce" })).toHaveAttribute(
      'href',
      `/admin/inquiry/details/${withFile.id}/overview`,
    );
    expect(screen.getByRole('link', { name: 'Voir la fiche de l’organisation' })).toHaveAttribute(
      'href',
      `/admin/organizations/details/${ORGANIZATION_ID}`,
    );
    // The back bar goes back to the studies, not to the organisations (issue 21).
    const back = screen.getByRole('navigation', { name: 'Retour' });
    expect(within(back).getByRole('link', { name: 'Revenir à la liste des études de sol' })).toHaveAttribute('href', '/admin/soil-studies');
    expect(screen.getByRole('link', { name: 'Toutes les études de sol' })).toHaveAttribute('href', '/admin/soil-studies');
  });

  it('says a delegated study has no file yet, and where to send it from', async () => {
    serveStudy(rows[1]!, delegated);
    renderApp(`/admin/soil-studies/${delegated.id}`, { user: admin });
    const study = await screen.findByRole('region', { name: 'Étude' });
    expect(within(study).getByText("Confiée à la plateforme par l'annonceur")).toBeInTheDocument();
    expect(within(study).queryByRole('button')).not.toBeInTheDocument();
    expect(within(study).getByRole('link', { name: "Envoyer l'étude depuis l'annonce" })).toHaveAttribute(
      'href',
      `/admin/inquiry/details/${delegated.id}/documents`,
    );
  });

  it('says when the study does not exist', async () => {
    serveStudy(rows[0]!, withFile);
    renderApp('/admin/soil-studies/inconnue', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Étude de sol introuvable.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });
});
