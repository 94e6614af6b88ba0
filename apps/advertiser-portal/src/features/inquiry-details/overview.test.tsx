import { getListTransfersResponseMock } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { employee, owner } from '../../../test/fixtures';
import { makeInquiry } from '../../../test/inquiry-fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { detailsPath, serveInquiry } from './test-utils';

// The real map needs WebGL and the cadastre service; the stand-in shows what it was given.
vi.mock('@terres/maps/parcel-map', () => import('@terres/maps/parcel-map-stand-in'));

const stepper = () => screen.getByRole('list', { name: "Étapes de l'annonce" });
const currentStep = () => within(stepper()).queryAllByRole('listitem').find((step) => step.getAttribute('aria-current') === 'step');

describe("listing detail, Vue d'ensemble (spec §2, §4)", () => {
  it('shows a validated listing: stepper, badge, site, parcels on the read-only map, materials with totals', async () => {
    const inquiry = makeInquiry({ status: 'APPROVED', projectName: 'Écoquartier Rive Droite – tranche 2' });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: owner });

    expect(await screen.findByRole('heading', { level: 1, name: 'Écoquartier Rive Droite – tranche 2' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Vue d'ensemble · Écoquartier Rive Droite – tranche 2 · Bourse aux terres"));

    // The three tabs of spec §2, the current one marked.
    const tabs = screen.getByRole('navigation', { name: "Sections de l'annonce" });
    expect(within(tabs).getByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Récapitulatif détaillé' })).toHaveAttribute('href', detailsPath(inquiry, 'informations'));
    expect(within(tabs).getByRole('link', { name: 'Documents' })).toHaveAttribute('href', detailsPath(inquiry, 'documents'));

    expect(within(stepper()).getAllByRole('listitem')).toHaveLength(6);
    expect(currentStep()).toHaveTextContent('Validée');
    const progress = screen.getByRole('region', { name: "Avancement de l'annonce" });
    expect(within(progress).getByText('Validée', { selector: '.terres-status-badge' })).toBeInTheDocument();

    const site = screen.getByRole('region', { name: 'Chantier' });
    expect(within(site).getByText('Rue de Thann 68200 Mulhouse')).toBeInTheDocument();
    expect(within(site).getByText('5,01 ha')).toBeInTheDocument();
    expect(within(site).getByText('du 15/01/2027 au 30/06/2027')).toBeInTheDocument();
    expect(within(site).getByText('80 crédits')).toBeInTheDocument();

    const map = await screen.findByRole('region', { name: 'Carte des parcelles de l’annonce' });
    expect(map).toHaveAttribute('data-read-only', 'true');
    expect(map).toHaveAttribute('data-type', 'CUT');
    expect(map).toHaveAttribute('data-center', '[47.7456,7.3123]');
    expect(within(map).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['68224000KT0157', '68224000KT0158']);

    const materials = screen.getByRole('table', { name: 'Matériaux, quantités et prix' });
    const rows = within(materials).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Alluvions du Rhin blanc/gris')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('80 000,00 €');
    expect(rows[1]).toHaveTextContent('-15 000,00 €');

    // A validated listing cannot be changed by its organisation.
    expect(screen.queryByRole('link', { name: "Modifier l'annonce" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Soumettre à nouveau' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer le brouillon' })).not.toBeInTheDocument();
  });

  it("shows a CUT listing's quality class and waste code per line, a FILL listing what its site takes (issue 11)", async () => {
    const cut = makeInquiry({
      status: 'APPROVED',
      materials: [
        { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 1000, price: 2, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04', pop: 'UNKNOWN' },
        { materialName: 'Remblais', groundComposition: 'Moyenne', quantity: 500, price: 1, qualityClass: 'SUITED_TO_USES', wasteCode: '20 02 02', pop: 'UNKNOWN' },
      ],
    });
    serveInquiry(cut);
    const { unmount } = renderApp(detailsPath(cut), { user: owner });
    const table = await screen.findByRole('table', { name: 'Matériaux, quantités et prix' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Classe de qualité' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Terre inerte du fond géochimique naturel');
    expect(rows[1]).toHaveTextContent('17 05 04');
    expect(rows[2]).toHaveTextContent('Terre compatible avec certains usages');
    expect(screen.queryByRole('heading', { name: 'Terres acceptées sur le site' })).not.toBeInTheDocument();
    unmount();

    const fill = makeInquiry({
      type: 'FILL',
      status: 'APPROVED',
      receivingUse: 'ROAD_WORKS',
      acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'],
      acceptedWasteCodes: ['17 05 04'],
    });
    serveInquiry(fill);
    renderApp(detailsPath(fill), { user: owner });
    expect(await screen.findByRole('heading', { name: 'Terres acceptées sur le site' })).toBeInTheDocument();
    expect(screen.getByText('Technique routière')).toBeInTheDocument();
    expect(screen.getByText('17 05 04 – Terres et cailloux autres que ceux visés à la rubrique 17 05 03')).toBeInTheDocument();
    // A FILL listing's lines are what it needs: no soil columns.
    expect(screen.queryByRole('columnheader', { name: 'Classe de qualité' })).not.toBeInTheDocument();
  });

  it.each([
    ['PENDING_VALIDATION', 'En attente de validation', 'En attente de validation'],
    // After validation the spec's badge would read 'Statut inconnu' beside the real step: the
    // header gives the status's own label instead.
    // One state, one wording: the step reads as the status (issue 21).
    ['DOUBT_CLEARED', 'Levée de doute envoyée', 'Levée de doute envoyée'],
    ['SITE_FOUND', 'Site compatible trouvé', 'Site compatible trouvé'],
    ['PRE_CONTRACT_SIGNED', 'Transaction en cours', 'Transaction en cours'],
  ] as const)('%s highlights "%s" and the badge reads "%s"', async (status, step, badge) => {
    const inquiry = makeInquiry({ status });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: employee });
    const progress = await screen.findByRole('region', { name: "Avancement de l'annonce" });
    expect(currentStep()).toHaveTextContent(step);
    expect(within(progress).getByText(badge, { selector: '.terres-status-badge' })).toBeInTheDocument();
  });

  it('marks every step done for a processed listing, none current, and says Traitée', async () => {
    const inquiry = makeInquiry({ status: 'PROCESSED' });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: owner });
    const progress = await screen.findByRole('region', { name: "Avancement de l'annonce" });
    expect(currentStep()).toBeUndefined();
    expect(within(stepper()).getAllByText(/étape \d sur 6, terminée/)).toHaveLength(6);
    expect(within(progress).getByText('Traitée', { selector: '.terres-status-badge' })).toBeInTheDocument();
  });

  it('links to the transfer of a listing whose match was accepted (issue 18)', async () => {
    const inquiry = makeInquiry({ status: 'SITE_FOUND' });
    serveInquiry(inquiry);
    const [base, unrelated] = getListTransfersResponseMock();
    const transfer = { ...base!, id: '7f000000-0000-4000-8000-000000000009', cut: { ...base!.cut, inquiryId: inquiry.id }, fill: { ...base!.fill, organizationName: 'Remblais du Rhin SAS' } };
    const asked: string[] = [];
    server.use(
      http.get('*/transfers', ({ request }) => {
        asked.push(new URL(request.url).search);
        // The API answers this listing's transfers only (issue 23); the screen checks again.
        return HttpResponse.json([transfer, unrelated], { headers: { 'X-Total-Count': '2' } });
      }),
    );
    renderApp(detailsPath(inquiry), { user: owner });
    const link = await screen.findByRole('link', { name: 'Voir le transfert avec Remblais du Rhin SAS' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '/user/transfers/7f000000-0000-4000-8000-000000000009');
    expect(screen.getAllByRole('link', { name: /^Voir le transfert/ })).toHaveLength(1);
    expect(asked).toEqual([`?inquiry_id=${inquiry.id}&page=1&page_size=25`]);
  });

  it("keeps 'Statut inconnu' for a status the platform does not know", async () => {
    const inquiry = makeInquiry({ status: 'ARCHIVED' as never });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: owner });
    const progress = await screen.findByRole('region', { name: "Avancement de l'annonce" });
    expect(within(progress).getByText('Statut inconnu', { selector: '.terres-status-badge' })).toBeInTheDocument();
  });

  it('says the cost is debited at validation while the listing waits for it', async () => {
    const inquiry = makeInquiry({ status: 'PENDING_VALIDATION', type: 'FILL', quantity: 12.5, cost: 22 });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: owner });
    const site = await screen.findByRole('region', { name: 'Chantier' });
    expect(within(site).getByText('22 crédits, débités à la validation')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Carte des parcelles de l’annonce' })).toHaveAttribute('data-type', 'FILL');
  });

  it("shows a draft as a draft: no step, the badge 'Brouillon', missing values said so, no material", async () => {
    const draft = makeInquiry({
      status: 'DRAFT',
      siteAddress: null,
      siteLatitude: null,
      siteLongitude: null,
      parcelNumbers: [],
      quantity: null,
      materials: [],
      groundTypeUnknown: true,
      startDate: null,
      endDate: null,
    });
    serveInquiry(draft);
    renderApp(detailsPath(draft), { user: owner });

    const progress = await screen.findByRole('region', { name: "Avancement de l'annonce" });
    expect(currentStep()).toBeUndefined();
    expect(within(progress).getByText('Brouillon', { selector: '.terres-status-badge' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Brouillon' })).toHaveTextContent("Cette annonce n'a pas encore été soumise.");

    const site = screen.getByRole('region', { name: 'Chantier' });
    expect(within(site).getByText('Adresse non renseignée')).toBeInTheDocument();
    expect(within(site).getByText('Date non renseignée')).toBeInTheDocument();
    expect(screen.getByText('Aucune parcelle renseignée.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Carte des parcelles de l’annonce' })).not.toBeInTheDocument();

    const composition = screen.getByRole('region', { name: 'Composition du sol' });
    expect(within(composition).getByText('Aucun matériau renseigné.')).toBeInTheDocument();
    expect(within(composition).getByText("Les analyses de sol seront réalisées par l'équipe de Bourse aux terres.")).toBeInTheDocument();
  });

  it('shows the refusal reason of a refused listing', async () => {
    const refused = makeInquiry({ status: 'REJECTED', rejectionReason: 'Le permis joint ne correspond pas aux parcelles indiquées.' });
    serveInquiry(refused);
    renderApp(detailsPath(refused), { user: employee });
    const notice = await screen.findByRole('region', { name: 'Annonce refusée' });
    expect(notice).toHaveTextContent('Motif du refus : Le permis joint ne correspond pas aux parcelles indiquées.');
    expect(within(screen.getByRole('region', { name: "Avancement de l'annonce" })).getByText('Refusée')).toBeInTheDocument();
    expect(currentStep()).toBeUndefined();
  });
});
