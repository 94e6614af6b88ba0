import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin } from '../../../test/fixtures';
import { listing, organization } from '../../../test/listings';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { captureDownloads, problem } from '../../../test/http';
import { detailsPath, serveInquiry } from './test-utils';

// The real map needs WebGL and the cadastre service; the stand-in shows what it was given.
vi.mock('@terres/maps/parcel-map', () => import('@terres/maps/parcel-map-stand-in'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("admin listing detail, Vue d'ensemble (spec §2)", () => {
  it("shows a CUT listing's quality class and waste code per line, a FILL listing what its site takes (issue 11)", async () => {
    const cut = listing({
      type: 'CUT',
      status: 'APPROVED',
      materials: [
        { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 1000, price: 2, qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*', pop: 'PRESENT' },
      ],
    });
    serveInquiry(cut);
    const { unmount } = renderApp(detailsPath(cut), { user: admin });
    const table = await screen.findByRole('table', { name: 'Matériaux, quantités et prix' });
    expect(within(table).getByRole('columnheader', { name: 'Code déchet' })).toBeInTheDocument();
    expect(table).toHaveTextContent('Terre nécessitant une étude au cas par cas');
    expect(table).toHaveTextContent('17 05 03* (dangereux)');
    // The POP the advertiser declared (issue 19).
    expect(within(table).getByRole('columnheader', { name: 'Présence de POP' })).toBeInTheDocument();
    expect(within(table).getAllByRole('cell')[4]).toHaveTextContent(/Oui$/);
    unmount();

    const fill = listing({ type: 'FILL', status: 'APPROVED', receivingUse: 'QUARRY_BACKFILL', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND'], acceptedWasteCodes: ['17 05 04', '20 02 02'] });
    serveInquiry(fill);
    renderApp(detailsPath(fill), { user: admin });
    expect(await screen.findByRole('heading', { name: 'Terres acceptées sur le site' })).toBeInTheDocument();
    expect(screen.getByText('Remblayage de carrière')).toBeInTheDocument();
    expect(screen.getByText('20 02 02 – Terres et pierres')).toBeInTheDocument();
  });

  it('shows the site, the parcels on the read-only map, the materials with their totals, in the layout with four tabs', async () => {
    const inquiry = listing({ projectName: 'Écoquartier Rive Droite – tranche 2', type: 'FILL', status: 'APPROVED' });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Écoquartier Rive Droite – tranche 2' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Vue d'ensemble · Écoquartier Rive Droite – tranche 2 · Bourse aux terres"));
    const tabs = screen.getByRole('navigation', { name: "Sections de l'annonce" });
    expect(within(tabs).getAllByRole('link').map((link) => link.textContent)).toEqual([
      "Vue d'ensemble",
      'Informations administratives',
      'Documents',
      "Gestion de l'annonce",
    ]);
    expect(within(tabs).getByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute('aria-current', 'page');
    const back = screen.getByRole('navigation', { name: 'Retour' });
    expect(within(back).getByRole('link', { name: 'Revenir à la liste des annonces' })).toHaveAttribute('href', '/admin/inquiries');
    expect(screen.getByText('REMBLAIS')).toBeInTheDocument();
    expect(screen.getByText(/Créée le 20\/11\/2026 par Terrassements d'Alsace SAS/)).toBeInTheDocument();

    const site = screen.getByRole('region', { name: 'Chantier' });
    expect(within(site).getByText('10 Rue du Sauvage 68100 Mulhouse')).toBeInTheDocument();
    expect(within(site).getByText(/^5,01\sha$/)).toBeInTheDocument();
    expect(within(site).getByText('du 01/02/2027 au 30/06/2027')).toBeInTheDocument();
    expect(within(site).getByText(/^80\scrédits$/)).toBeInTheDocument();

    const map = await screen.findByRole('region', { name: 'Carte des parcelles de l’annonce' });
    expect(map).toHaveAttribute('data-read-only', 'true');
    expect(map).toHaveAttribute('data-type', 'FILL');
    expect(within(map).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['68224000CD0010', '68224000CD0011']);

    const materials = screen.getByRole('table', { name: 'Matériaux, quantités et prix' });
    expect(within(materials).getByText(/^80\s000,00\s€$/)).toBeInTheDocument();
    expect(within(materials).getByText(/^-6\s000,00\s€$/)).toBeInTheDocument();
  });

  it('says what is missing: dates, parcels, an unknown composition', async () => {
    const inquiry = listing({ startDate: null, endDate: null, parcelNumbers: [], groundTypeUnknown: true, materials: [] });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: admin });
    const site = await screen.findByRole('region', { name: 'Chantier' });
    expect(within(site).getByText('Date non renseignée')).toBeInTheDocument();
    expect(screen.getByText('Aucune parcelle renseignée.')).toBeInTheDocument();
    expect(screen.getByText('Composition inconnue : les analyses seront réalisées par la plateforme.')).toBeInTheDocument();
  });

  it('downloads the PDF summary under the name the API gives, and says so when it fails', async () => {
    const inquiry = listing();
    serveInquiry(inquiry);
    let fail = false;
    server.use(
      http.get('*/inquiries/:id/pdf', () =>
        fail
          ? problem(500, 'Une erreur interne est survenue.')
          : new HttpResponse(new Blob(['%PDF-1.4 annonce'], { type: 'application/pdf' }), {
              headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="ecoquartier-rive-droite.pdf"' },
            }),
      ),
    );
    const downloads = captureDownloads();
    const app = renderApp(detailsPath(inquiry), { user: admin });
    await app.user.click(await screen.findByRole('button', { name: 'Télécharger le récapitulatif (PDF)' }));
    await waitFor(() => expect(downloads.names).toEqual(['ecoquartier-rive-droite.pdf']));
    expect(await downloads.blobs[0]!.text()).toBe('%PDF-1.4 annonce');

    fail = true;
    await app.user.click(screen.getByRole('button', { name: 'Télécharger le récapitulatif (PDF)' }));
    expect(await screen.findByText('Le téléchargement a échoué.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(downloads.names).toHaveLength(1);
  });

  it("says 'Erreur : annonce introuvable.' for an unknown listing, with the way back", async () => {
    const inquiry = listing();
    serveInquiry(inquiry);
    renderApp('/admin/inquiry/details/inconnue/overview', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Erreur : annonce introuvable.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revenir à la liste des annonces' })).toHaveAttribute('href', '/admin/inquiries');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });
});

describe('admin listing detail, Informations administratives (spec §2)', () => {
  it('shows the project owner and the advertising organisation with a link to its page', async () => {
    const inquiry = listing({ projectOwnerSiret: null });
    serveInquiry(inquiry, { organization: { ...organization, creditBalance: 1250, verified: false } });
    renderApp(detailsPath(inquiry, 'informations'), { user: admin });

    const owner = await screen.findByRole('region', { name: "Maître d'ouvrage" });
    expect(within(owner).getByText('Muller')).toBeInTheDocument();
    expect(within(owner).getByText('Claire')).toBeInTheDocument();
    // The value of the row the test is about: an optional field may also read 'Non renseigné'.
    expect(within(owner).getByText('SIRET', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Non renseigné');
    expect(within(owner).getByText('2 avenue de Colmar, 68100 Mulhouse')).toBeInTheDocument();

    const advertiser = screen.getByRole('region', { name: 'Organisation annonceuse' });
    expect(within(advertiser).getByRole('link', { name: 'Voir la fiche de l’organisation' })).toHaveAttribute(
      'href',
      `/admin/organizations/details/${organization.id}`,
    );
    expect(within(advertiser).getByText("Terrassements d'Alsace SAS")).toBeInTheDocument();
    expect(within(advertiser).getByText('contact@terrassements-alsace.fr')).toBeInTheDocument();
    expect(within(advertiser).getByText('Camille Muller, Présidente')).toBeInTheDocument();
    expect(within(advertiser).getByText('Organisation non vérifiée')).toBeInTheDocument();
    expect(within(advertiser).getByText(/^1\s250\scrédits$/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Informations administratives · /));
  });

  it('keeps the layout and offers to retry when the organisation cannot load', async () => {
    const inquiry = listing();
    serveInquiry(inquiry);
    let fail = true;
    server.use(
      http.get('*/organizations/:id', () => (fail ? problem(503, 'Service momentanément indisponible.') : HttpResponse.json(organization))),
    );
    const app = renderApp(detailsPath(inquiry, 'informations'), { user: admin });
    expect(await screen.findByText('Service momentanément indisponible.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: "Sections de l'annonce" })).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('region', { name: 'Organisation annonceuse' })).toBeInTheDocument();
  });
});
