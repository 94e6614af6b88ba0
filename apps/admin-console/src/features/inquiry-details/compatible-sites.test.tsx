import type { GenerateDocumentRequest, Inquiry, Match, MatchSuggestion, ProposeMatchRequest } from '@terres/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/fixtures';
import { listing } from '../../../test/listings';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { problem } from '../../../test/http';
import { detailsPath, MATCHING_SETTINGS, serveInquiry } from './test-utils';

const FILL_ID = 'f0000000-0000-4000-8000-000000000001';

function suggestion(overrides: Partial<MatchSuggestion> = {}): MatchSuggestion {
  return {
    score: 72.4,
    distance: { greatCircleKm: 36.6, roadKm: 47.6 },
    volume: { matchedM3: 3500, cutAvailableM3: 5000, fillNeededM3: 5500, fillCoverage: 0.636, cutCoverage: 0.7 },
    overlap: { start: '2027-04-15', end: '2027-06-30', days: 77 },
    transport: { tonnes: 5950, truckLoadM3: 11.76, trips: 298, truckKm: 28340.2, baselineTruckKm: 29800, truckKmSaved: 1459.8 },
    co2: { emittedKg: 28292.7, baselineKg: 29750, savedKg: 1457.3 },
    quality: { toVerify: false, qualityClasses: ['INERT_NATURAL_BACKGROUND'], wasteCodes: ['17 05 04'] },
    scoreParts: { distance: 0.268, volume: 0.668, overlap: 0.631, price: 0.372 },
    priceBalance: { cutPricePerM3: 0.57, fillPricePerM3: -2, spreadPerM3: -2.57, proposedPricePerM3: -0.71, payer: 'CUT', totalEuros: -2500 },
    lines: [],
    counterpart: {
      id: FILL_ID,
      type: 'FILL',
      status: 'APPROVED',
      projectName: 'Requalification de la friche Lacoste',
      organizationId: 'o0000000-0000-4000-8000-000000000009',
      organizationName: 'Aménagements du Sundgau SEM',
      siteAddress: 'Route de Neuf-Brisach 68000 Colmar',
      latitude: 48.0794,
      longitude: 7.3585,
    },
    proposal: null,
    ...overrides,
  };
}

function validated(overrides: Partial<Inquiry> = {}): Inquiry {
  return listing({ status: 'APPROVED', ...overrides });
}

describe("Sites compatibles on the management tab (issue 11)", () => {
  it('ranks the compatible sites with their distance, volume and CO2 figures, and proposes a pair', async () => {
    const inquiry = validated();
    serveInquiry(inquiry, { matches: { total: 3, items: [suggestion()], sites: [], settings: MATCHING_SETTINGS } });
    const proposals: ProposeMatchRequest[] = [];
    server.use(
      http.post('*/matches', async ({ request }) => {
        proposals.push((await request.json()) as ProposeMatchRequest);
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const historyReads: number[] = [];
    server.use(
      http.get('*/inquiries/:id/history', () => {
        historyReads.push(Date.now());
        return HttpResponse.json([]);
      }),
    );
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const panel = await screen.findByRole('region', { name: 'Sites compatibles' });
    const site = await within(panel).findByRole('listitem', { name: 'Requalification de la friche Lacoste' });
    await waitFor(() => expect(historyReads).toHaveLength(1));
    expect(panel).toHaveTextContent('3 sites compatibles dans un rayon de 50 km, classés par score.');
    expect(site).toHaveTextContent('N° 1');
    expect(site).toHaveTextContent('REMBLAIS · Aménagements du Sundgau SEM · Route de Neuf-Brisach 68000 Colmar');
    expect(site).toHaveTextContent('47,6 km (36,6 km à vol d’oiseau)');
    expect(site).toHaveTextContent('3 500 m³');
    expect(site).toHaveTextContent('1,5 t CO₂e');
    expect(site).toHaveTextContent('298 rotations');
    expect(site).toHaveTextContent('Le producteur paie 0,71 €/m³ au receveur');
    expect(site).toHaveTextContent('Score 72/100');

    await app.user.click(within(site).getByRole('button', { name: 'Proposer' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Proposer la mise en relation/ });
    expect(dialog).toHaveTextContent('« Requalification de la friche Lacoste » (remblai)');
    await app.user.click(within(dialog).getByRole('button', { name: 'Proposer' }));
    await waitFor(() => expect(proposals).toEqual([{ cut_inquiry_id: inquiry.id, fill_inquiry_id: FILL_ID }]));
    expect(await screen.findByText('Mise en relation proposée.')).toBeInTheDocument();
    // The history below is read again: it tells of the proposal (issue 21).
    await waitFor(() => expect(historyReads.length).toBeGreaterThanOrEqual(2));
  });

  it('shows a proposal and records the transfer with the volume moved', async () => {
    const inquiry = validated();
    serveInquiry(inquiry, { matches: { total: 1, items: [suggestion({ proposal: { id: 'm1', status: 'ACCEPTED' } })], sites: [], settings: MATCHING_SETTINGS } });
    const moves: unknown[] = [];
    server.use(
      http.put('*/matches/:id/status', async ({ request, params }) => {
        moves.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json({});
      }),
    );
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const site = await screen.findByRole('listitem', { name: 'Requalification de la friche Lacoste' });
    expect(site).toHaveTextContent('Mise en relation : Acceptée');
    expect(within(site).queryByRole('button', { name: 'Proposer' })).not.toBeInTheDocument();
    await app.user.click(within(site).getByRole('button', { name: 'Transfert réalisé' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enregistrer le transfert réalisé' });
    const field = within(dialog).getByLabelText('Volume transporté (m³)');
    await app.user.clear(field);
    await app.user.type(field, '3200,5');
    await app.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(moves).toEqual([{ id: 'm1', status: 'DONE', moved_volume_m3: 3200.5 }]));
  });

  it('says when there is no compatible site, and when they cannot be loaded', async () => {
    const inquiry = validated();
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry, 'management'), { user: admin });
    expect(await screen.findByText(/Aucun site compatible pour l’instant/)).toBeInTheDocument();
  });

  it('offers a retry when the sites cannot be loaded', async () => {
    const inquiry = validated();
    serveInquiry(inquiry);
    server.use(http.get('*/inquiries/:id/matches', () => problem(503, 'Service indisponible.')));
    renderApp(detailsPath(inquiry, 'management'), { user: admin });
    expect(await screen.findByText('Impossible de charger les sites compatibles', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Réessayer/ })).toBeInTheDocument();
  });
});

describe('transfer documents on the management tab (issue 11)', () => {
  it('generates the doubt-clearing letter of a validated listing after a confirmation; the others wait for their status', async () => {
    const inquiry = validated();
    serveInquiry(inquiry);
    const bodies: GenerateDocumentRequest[] = [];
    server.use(
      http.post('*/inquiries/:id/generated-documents', async ({ request }) => {
        bodies.push((await request.json()) as GenerateDocumentRequest);
        return HttpResponse.json(
          {
            created: true,
            inquiry: { ...inquiry, status: 'DOUBT_CLEARED' },
            document: {
              id: 'd1', inquiryId: inquiry.id, kind: 'DOUBT_CLEARING_LETTER', source: 'PLATFORM', matchId: null,
              fileName: 'lettre-levee-de-doute-ecoquartier.pdf', mimeType: 'application/pdf', size: 2048, createdAt: '2026-11-23T10:00:00.000Z',
            },
          },
          { status: 201 },
        );
      }),
    );
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Documents de la mise en relation' });
    expect(within(card).getByRole('button', { name: 'Pré-contrat' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Contrat' })).toBeDisabled();
    await app.user.click(within(card).getByRole('button', { name: 'Lettre de levée de doute' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Générer « Lettre de levée de doute »/ });
    expect(dialog).toHaveTextContent('L’annonce passera au statut « Levée de doute envoyée ».');
    await app.user.click(within(dialog).getByRole('button', { name: 'Générer et envoyer' }));
    await waitFor(() => expect(bodies).toEqual([{ kind: 'DOUBT_CLEARING_LETTER' }]));
    expect(await screen.findByText('Document « Lettre de levée de doute » généré et envoyé à l’organisation.')).toBeInTheDocument();
  });

  it("says the API's refusal in French", async () => {
    const inquiry = listing({ status: 'SITE_FOUND' });
    serveInquiry(inquiry);
    server.use(
      http.post('*/inquiries/:id/generated-documents', () => problem(409, 'Ce document demande une mise en relation acceptée avec un autre site.')),
    );
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Documents de la mise en relation' });
    await app.user.click(within(card).getByRole('button', { name: 'Pré-contrat' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Générer « Pré-contrat »/ });
    await app.user.click(within(dialog).getByRole('button', { name: 'Générer et envoyer' }));
    expect(await screen.findByText('Ce document demande une mise en relation acceptée avec un autre site.')).toBeInTheDocument();
  });

  it('asks which match the contract is about when the listing has several accepted ones, and names it', async () => {
    const inquiry = listing({ status: 'PRE_CONTRACT_SIGNED', soilPreparer: 'Terrassements du Ried SAS', analysisReferences: 'LRA-2026-0412', permitReference: 'PA 067 482 26 00017', permitDate: '2026-06-15' });
    const agreed = (id: string, projectName: string, status: Match['status']): Match => {
      const fill = { ...suggestion().counterpart!, id: `${id.slice(0, -1)}f`, projectName };
      const cut = { ...fill, id: inquiry.id, type: 'CUT' as const, status: inquiry.status, projectName: inquiry.projectName };
      const { counterpart: _counterpart, proposal: _proposal, ...figures } = suggestion();
      return {
        id, status, cutInquiryId: inquiry.id, fillInquiryId: fill.id, cut, fill, volumeM3: 1500, movedVolumeM3: null, transferDate: null, transferEndDate: null, doneSource: null, transferId: null,
        figures, savings: null, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-21T10:00:00.000Z',
        acceptedAt: '2026-11-21T10:00:00.000Z', declinedAt: null, doneAt: null,
      };
    };
    const first = agreed('a0000000-0000-4000-8000-000000000001', 'Parc paysager de Kingersheim', 'ACCEPTED');
    const second = agreed('a0000000-0000-4000-8000-000000000002', 'Contournement de Cernay', 'ACCEPTED');
    serveInquiry(inquiry, { agreedMatches: [first, second] });
    const asked: string[] = [];
    const bodies: GenerateDocumentRequest[] = [];
    server.use(
      http.get('*/matches', ({ request }) => {
        const url = new URL(request.url);
        if (url.pathname.includes('/inquiries/')) return undefined; // the compatible sites: serveInquiry's
        asked.push(url.search);
        return HttpResponse.json([first, second]);
      }),
      http.post('*/inquiries/:id/generated-documents', async ({ request }) => {
        bodies.push((await request.json()) as GenerateDocumentRequest);
        return HttpResponse.json(
          {
            created: true,
            inquiry,
            document: {
              id: 'd2', inquiryId: inquiry.id, kind: 'TRANSFER_CONTRACT', source: 'PLATFORM', matchId: second.id,
              fileName: 'contrat-de-cession-ecoquartier.pdf', mimeType: 'application/pdf', size: 4096, createdAt: '2026-11-23T10:00:00.000Z',
            },
          },
          { status: 201 },
        );
      }),
    );
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Documents de la mise en relation' });
    const choice = await within(card).findByRole('combobox', { name: /Mise en relation concernée/ });
    expect(choice).toHaveTextContent('Parc paysager de Kingersheim (Acceptée)');
    expect(asked[0]).toContain(`inquiry_id=${inquiry.id}`);
    expect(asked[0]).toContain('status=ACCEPTED');
    await app.user.click(choice);
    await app.user.click(await screen.findByRole('option', { name: 'Contournement de Cernay (Acceptée)' }));
    await app.user.click(within(card).getByRole('button', { name: 'Contrat' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Générer « Contrat »/ });
    await app.user.click(within(dialog).getByRole('button', { name: 'Générer et envoyer' }));
    await waitFor(() => expect(bodies).toEqual([{ kind: 'TRANSFER_CONTRACT', match_id: second.id }]));
  });

  it('says what the listing still lacks for the transfer contract, and nothing once complete', async () => {
    const inquiry = listing({ status: 'PRE_CONTRACT_SIGNED', type: 'CUT', soilPreparer: 'Terrassements du Ried', analysisReferences: null, permitReference: null, permitDate: null });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Documents de la mise en relation' });
    const missing = await within(card).findByRole('region', { name: 'À compléter avant le contrat de cession' });
    // Without a transfer to read, this listing's own; the contract's button waits for them.
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Références des analyses de sol (site de déblais)',
      'Référence de l’autorisation d’urbanisme (site de déblais)',
      'Date de l’autorisation d’urbanisme (site de déblais)',
    ]);
    expect(within(card).getByRole('button', { name: 'Contrat' })).toBeDisabled();
  });

  it('asks nothing when the listing has one accepted match: the API takes it', async () => {
    const inquiry = listing({ status: 'SITE_FOUND' });
    serveInquiry(inquiry);
    const bodies: GenerateDocumentRequest[] = [];
    server.use(
      http.post('*/inquiries/:id/generated-documents', async ({ request }) => {
        bodies.push((await request.json()) as GenerateDocumentRequest);
        return problem(409, 'Ce document demande une mise en relation acceptée avec un autre site.');
      }),
    );
    const app = renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Documents de la mise en relation' });
    await app.user.click(within(card).getByRole('button', { name: 'Pré-contrat' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Générer « Pré-contrat »/ });
    await app.user.click(within(dialog).getByRole('button', { name: 'Générer et envoyer' }));
    await waitFor(() => expect(bodies).toEqual([{ kind: 'PRE_CONTRACT' }]));
    expect(within(card).queryByRole('combobox', { name: /Mise en relation concernée/ })).toBeNull();
  });

  it('keeps the contract from being generated while a fact is missing on either side, listing them with a link to the transfer page', async () => {
    const inquiry = listing({ status: 'PRE_CONTRACT_SIGNED', soilPreparer: 'Terrassements du Ried SAS', analysisReferences: 'LRA-2026-0412', permitReference: 'PA 067 482 26 00017', permitDate: '2026-06-15' });
    const { counterpart, proposal: _proposal, ...figures } = suggestion();
    const fill = { ...counterpart!, projectName: 'Parc paysager de Kingersheim' };
    const transferId = 't0000000-0000-4000-8000-000000000001';
    const match: Match = {
      id: 'a0000000-0000-4000-8000-000000000009', status: 'ACCEPTED', cutInquiryId: inquiry.id, fillInquiryId: fill.id,
      cut: { ...fill, id: inquiry.id, type: 'CUT', status: inquiry.status, projectName: inquiry.projectName }, fill, volumeM3: 1500, movedVolumeM3: null,
      transferDate: null, transferEndDate: null, doneSource: null, transferId, figures, savings: null, createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z', acceptedAt: '2026-11-21T10:00:00.000Z', declinedAt: null, doneAt: null,
    };
    serveInquiry(inquiry, { agreedMatches: [match] });
    const missing = [
      { side: 'FILL', field: 'permit_reference', label: 'Référence de l’autorisation d’urbanisme' },
      { side: 'FILL', field: 'permit_date', label: 'Date de l’autorisation d’urbanisme' },
    ];
    server.use(
      http.get('*/matches', ({ request }) => (new URL(request.url).pathname.includes('/inquiries/') ? undefined : HttpResponse.json([match]))),
      http.get('*/transfers/:id', () => HttpResponse.json({ id: transferId, matchId: match.id, missingContractFacts: missing })),
    );
    renderApp(detailsPath(inquiry, 'management'), { user: admin });
    const card = await screen.findByRole('region', { name: 'Documents de la mise en relation' });
    const link = await within(card).findByRole('link', { name: 'Référence de l’autorisation d’urbanisme' });
    expect(link).toHaveAttribute('href', `/admin/transfers/${transferId}#contract-facts-fill`);
    expect(within(card).getByText(/Date de l’autorisation d’urbanisme/).closest('li')).toHaveTextContent('Date de l’autorisation d’urbanisme (site de remblai)');
    expect(within(card).getByRole('link', { name: 'Compléter sur la page du transfert' })).toHaveAttribute('href', `/admin/transfers/${transferId}#contract-facts`);
    // The contract's button waits; the pre-contract's does not depend on it.
    expect(within(card).getByRole('button', { name: 'Contrat' })).toBeDisabled();
    expect(within(card).getByText(/Le pré-contrat peut être généré sans elles/)).toBeInTheDocument();
  });
});
