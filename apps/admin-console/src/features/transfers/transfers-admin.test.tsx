import type { Load, LoadVersion, Transfer, TransferSummary } from '@terres/api-client';
import { getGetLoadResponseMock, getGetTransferResponseMock, getListTransfersResponseMock } from '@terres/api-client/mocks';
import { formatCubicMetres, listingMessages, transferMessages } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../test/fixtures';
import { listing } from '../../../test/listings';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';

const party = (projectName: string, organizationName: string) => ({
  inquiryId: crypto.randomUUID(),
  projectName,
  organizationId: crypto.randomUUID(),
  organizationName,
});

function summary(overrides: Partial<TransferSummary>): TransferSummary {
  const [base] = getListTransfersResponseMock();
  return {
    ...base!,
    id: crypto.randomUUID(),
    status: 'OPEN',
    matchStatus: 'ACCEPTED',
    viewerSide: null,
    cut: party('Écoquartier Rive Droite', "Terrassements d'Alsace SAS"),
    fill: party('Plateforme Ottmarsheim', 'Remblais du Rhin SAS'),
    expectedVolumeM3: 1200,
    departedVolumeM3: 42,
    receivedVolumeM3: 28,
    remainingVolumeM3: 1158,
    loadCount: 3,
    refusedCount: 0,
    flaggedLoadCount: 0,
    discrepancy: false,
    ...overrides,
  };
}

const rows = [
  summary({ cut: party('Écoquartier Rive Droite', "Terrassements d'Alsace SAS") }),
  summary({ cut: party('Parking Mulhouse Gare', 'BTP Sundgau'), discrepancy: true, refusedCount: 1 }),
  ...Array.from({ length: 5 }, (_, index) => summary({ cut: party(`Chantier ${index + 1}`, 'TP Tests') })),
];

function serveList(data = rows) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/transfers', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.searchParams);
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 5);
      let found = data;
      if (url.searchParams.get('discrepancy') === 'true') found = found.filter((row) => row.discrepancy);
      return HttpResponse.json(found.slice((page - 1) * size, page * size), { headers: { 'X-Total-Count': String(found.length) } });
    }),
  );
  return requests;
}

describe('/admin/transfers', () => {
  it('lists the open transfers, filters by status and by discrepancy, searches and pages through the API', async () => {
    const requests = serveList();
    const app = renderApp('/admin/transfers', { user: admin });
    expect(await screen.findByRole('link', { name: /Écoquartier Rive Droite/ })).toHaveAttribute('href', `/admin/transfers/${rows[0]!.id}`);
    expect(requests[0]!.getAll('status')).toEqual(['OPEN']);
    expect(screen.getByText('1 refusé(s), 0 signalé(s)')).toBeInTheDocument();

    await app.user.click(screen.getByRole('combobox', { name: 'Écart' }));
    await app.user.click(await screen.findByRole('option', { name: 'Avec un écart' }));
    await waitFor(() => expect(requests.at(-1)?.get('discrepancy')).toBe('true'));
    expect(app.location().search).toEqual({ discrepancy: true });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Écoquartier Rive Droite/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Parking Mulhouse Gare/ })).toBeInTheDocument();

    await app.user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await app.user.click(await screen.findByRole('option', { name: 'Clôturé' }));
    await waitFor(() => expect(requests.at(-1)?.getAll('status')).toEqual(['CLOSED']));
    expect(app.location().search).toEqual({ discrepancy: true, status: 'CLOSED' });

    await app.user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await app.user.click(await screen.findByRole('option', { name: 'Tous les statuts' }));
    await waitFor(() => expect(requests.at(-1)?.has('status')).toBe(false));

    await app.user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(app.location().search).toEqual({}));
    await app.user.type(screen.getByRole('searchbox', { name: 'Rechercher un transfert' }), 'sundgau');
    await waitFor(() => expect(requests.at(-1)?.get('q')).toBe('sundgau'));
    expect(requests.at(-1)?.getAll('status')).toEqual(['OPEN']);
  });
});

function transfer(overrides: Partial<Transfer> = {}, balance: Partial<Transfer['balance']> = {}): Transfer {
  const base = getGetTransferResponseMock();
  return {
    ...base,
    id: '7f000000-0000-4000-8000-000000000001',
    status: 'OPEN',
    matchStatus: 'ACCEPTED',
    viewerSide: null,
    expectedVolumeM3: 1200,
    cut: { ...base.cut, side: 'CUT', projectName: 'Écoquartier Rive Droite', organizationName: "Terrassements d'Alsace SAS" },
    fill: { ...base.fill, side: 'FILL', projectName: 'Plateforme Ottmarsheim', organizationName: 'Remblais du Rhin SAS' },
    firstDepartureAt: '2026-11-23T07:00:00.000Z',
    lastDepartureAt: '2026-11-26T07:00:00.000Z',
    lastReceptionAt: '2026-11-26T09:00:00.000Z',
    closedAt: null,
    balance: {
      ...base.balance,
      expectedVolumeM3: 1200,
      loadCount: 3,
      inTransitCount: 0,
      acceptedCount: 2,
      refusedCount: 1,
      departedVolumeM3: 42,
      receivedVolumeM3: 28,
      refusedVolumeM3: 14,
      inTransitVolumeM3: 0,
      remainingVolumeM3: 1172,
      flaggedLoadCount: 0,
      departedWeight: { tonnes: 71.4, realTonnes: 23.8, estimatedTonnes: 47.6, isEstimate: true },
      ...balance,
    },
    ...overrides,
  };
}

function load(overrides: Partial<Load>): Load {
  return { ...getGetLoadResponseMock(), overRemaining: false, refusalReason: null, cancelReason: null, weightTonnes: null, receivedAt: null, receivedVolumeM3: null, ...overrides };
}

function serveTransfer(current: Transfer) {
  let state = current;
  const closes: string[] = [];
  const loads = [
    load({ number: 'BT-2026-000103', status: 'REFUSED', refusalReason: 'Déchets de démolition', volumeM3: 14 }),
    load({ number: 'BT-2026-000102', status: 'ACCEPTED', volumeM3: 14, receivedVolumeM3: 14 }),
    load({ number: 'BT-2026-000101', status: 'ACCEPTED', volumeM3: 14, receivedVolumeM3: 14, weightTonnes: 23.8 }),
  ];
  server.use(
    http.get('*/transfers/:id', () => HttpResponse.json(state)),
    http.get('*/transfers/:id/loads', () => HttpResponse.json(loads, { headers: { 'X-Total-Count': '3' } })),
    http.post('*/transfers/:id/close', ({ params }) => {
      closes.push(String(params.id));
      state = { ...state, status: 'CLOSED', closedAt: '2026-11-27T10:00:00.000Z' };
      return HttpResponse.json(state);
    }),
  );
  return closes;
}

describe('/admin/transfers/{id}', () => {
  it('shows the balance and both sides’ loads, and closes after a confirmation saying what it sets', async () => {
    const closes = serveTransfer(transfer());
    const app = renderApp('/admin/transfers/7f000000-0000-4000-8000-000000000001', { user: admin });
    const figures = await screen.findByLabelText('Bilan', { selector: 'dl' });
    expect(within(figures).getByText('Reçu (accepté)').nextElementSibling).toHaveTextContent('28 m³');
    expect(within(figures).getByText('Refusé').nextElementSibling).toHaveTextContent('14 m³');
    expect(within(figures).getByText('Restant').nextElementSibling).toHaveTextContent('1 172 m³');
    expect(screen.getByRole('row', { name: /BT-2026-000103/ })).toHaveTextContent('Refusé : Déchets de démolition');
    expect(screen.getAllByRole('row', { name: /BT-2026-0001/ })).toHaveLength(3);

    await app.user.click(screen.getByRole('button', { name: 'Clôturer le transfert' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clôturer ce transfert ?' });
    expect(dialog).toHaveTextContent('La mise en relation passera à « Réalisée » avec un volume transféré de 28 m³ (la somme des chargements acceptés)');
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(closes).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Clôturer le transfert' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clôturer le transfert' }));
    expect(await screen.findByText('Transfert clôturé : la mise en relation est réalisée.')).toBeInTheDocument();
    expect(closes).toEqual(['7f000000-0000-4000-8000-000000000001']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clôturer le transfert' })).not.toBeInTheDocument());
    expect(screen.getByText('Clôturé')).toBeInTheDocument();
  });

  it('cannot close while a load is in transit, and says why in the domain’s words', async () => {
    serveTransfer(transfer({}, { inTransitCount: 2 }));
    renderApp('/admin/transfers/7f000000-0000-4000-8000-000000000001', { user: admin });
    expect(await screen.findByRole('button', { name: 'Clôturer le transfert' })).toBeDisabled();
    expect(screen.getByText(transferMessages.transferCloseLoadsInTransit.replace('{count}', '2'))).toBeInTheDocument();
  });

  it('pages through the loads of a long transfer, 100 at a time', async () => {
    serveTransfer(transfer());
    const pages: string[] = [];
    server.use(
      http.get('*/transfers/:id/loads', ({ request }) => {
        const url = new URL(request.url);
        const page = url.searchParams.get('page') ?? '1';
        pages.push(`${page}/${url.searchParams.get('page_size')}`);
        return HttpResponse.json([load({ number: `BT-2026-00${page}000`, status: 'ACCEPTED' })], { headers: { 'X-Total-Count': '250' } });
      }),
    );
    const app = renderApp('/admin/transfers/7f000000-0000-4000-8000-000000000001', { user: admin });
    expect(await screen.findByText('Page 1 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chargements des deux sites (250)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plus récents' })).toBeDisabled();
    await app.user.click(screen.getByRole('button', { name: 'Plus anciens' }));
    expect(await screen.findByRole('row', { name: /BT-2026-002000/ })).toBeInTheDocument();
    expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
    expect(pages).toEqual(['1/100', '2/100']);
  });
});

describe('/admin/transfers/{id}: a load’s history', () => {
  const carrier = { ...getGetLoadResponseMock().carrier, name: 'Bennes du Sundgau' };
  const corrected = load({
    id: '10ad0000-0000-4000-8000-000000000001',
    number: 'BT-2026-000201',
    status: 'IN_TRANSIT',
    version: 3,
    departedAt: '2026-11-26T07:10:00.000Z',
    carrier,
    vehiclePlate: 'GH-789-IJ',
    wasteCode: '17 05 04',
    volumeM3: 18,
    weightTonnes: 30.6,
    weighbridgeTicket: 'PB-5512',
  });
  const versions: LoadVersion[] = [
    {
      loadId: corrected.id,
      version: 1,
      departedAt: '2026-11-26T07:00:00.000Z',
      carrier: { ...carrier, name: 'Transports Expirés' },
      vehiclePlate: 'AB-123-CD',
      wasteCode: '17 05 04',
      volumeM3: 12,
      weightTonnes: null,
      weighbridgeTicket: null,
      correctedBy: 'u0000000-0000-4000-8000-000000000001',
      correctedByName: 'Lucas Bernard',
      correctedAt: '2026-11-26T07:30:00.000Z',
      note: 'Mauvais camion choisi',
    },
    {
      loadId: corrected.id,
      version: 2,
      departedAt: '2026-11-26T07:10:00.000Z',
      carrier,
      vehiclePlate: 'GH-789-IJ',
      wasteCode: '17 05 04',
      volumeM3: 12,
      weightTonnes: null,
      weighbridgeTicket: null,
      correctedBy: null,
      correctedByName: null,
      correctedAt: '2026-11-26T09:05:00.000Z',
      note: null,
    },
  ];

  it('opens the versions of a corrected load, the oldest first, with who replaced each, when and why, the corrected values marked; an uncorrected load has none', async () => {
    serveTransfer(transfer());
    const asked: string[] = [];
    server.use(
      http.get('*/transfers/:id/loads', () => HttpResponse.json([corrected, load({ number: 'BT-2026-000200', status: 'ACCEPTED', version: 1 })], { headers: { 'X-Total-Count': '2' } })),
      http.get('*/loads/:id/history', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(versions);
      }),
    );
    const app = renderApp('/admin/transfers/7f000000-0000-4000-8000-000000000001', { user: admin });
    const plain = await screen.findByRole('row', { name: /BT-2026-000200/ });
    expect(within(plain).queryByRole('button')).not.toBeInTheDocument();
    expect(within(plain).getAllByRole('cell').at(-1)).toHaveTextContent('Aucune');
    expect(asked).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: '2 corrections du bon BT-2026-000201' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historique du bon BT-2026-000201' });
    const list = await within(dialog).findByRole('list', { name: 'Versions du bon BT-2026-000201' });
    const versionsShown = within(list)
      .getAllByRole('listitem')
      .map((item) => ({
        head: item.querySelector('.transfers-history__head')?.textContent,
        note: item.querySelector('.transfers-history__note')?.textContent ?? null,
        values: Object.fromEntries([...item.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent])),
      }));
    expect(versionsShown).toEqual([
      {
        head: 'Version 1 · remplacée le 26/11/2026 à 08:30 par Lucas Bernard',
        note: 'Motif : « Mauvais camion choisi »',
        values: { Départ: '26/11/2026 à 08:00', Transporteur: 'Transports Expirés', Immatriculation: 'AB-123-CD', 'Code déchet': '17 05 04', Volume: formatCubicMetres(12), Poids: '-' },
      },
      {
        head: 'Version 2 · remplacée le 26/11/2026 à 10:05 par un utilisateur supprimé',
        note: null,
        values: {
          Départ: '26/11/2026 à 08:10 (corrigé)',
          Transporteur: 'Bennes du Sundgau (corrigé)',
          Immatriculation: 'GH-789-IJ (corrigé)',
          'Code déchet': '17 05 04',
          Volume: formatCubicMetres(12),
          Poids: '-',
        },
      },
      {
        head: 'Version 3 (en vigueur)',
        note: null,
        values: {
          Départ: '26/11/2026 à 08:10',
          Transporteur: 'Bennes du Sundgau',
          Immatriculation: 'GH-789-IJ',
          'Code déchet': '17 05 04',
          Volume: `${formatCubicMetres(18)} (corrigé)`,
          Poids: '30,6 t · ticket PB-5512 (corrigé)',
        },
      },
    ]);
    expect(asked).toEqual([corrected.id]);
  });

  it('says when the history cannot load, and retries', async () => {
    serveTransfer(transfer());
    let fail = true;
    server.use(
      http.get('*/transfers/:id/loads', () => HttpResponse.json([corrected], { headers: { 'X-Total-Count': '1' } })),
      http.get('*/loads/:id/history', () => (fail ? HttpResponse.json({ type: 'about:blank', title: 'Erreur', status: 500, detail: 'Panne.' }, { status: 500, headers: { 'content-type': 'application/problem+json' } }) : HttpResponse.json(versions))),
    );
    const app = renderApp('/admin/transfers/7f000000-0000-4000-8000-000000000001', { user: admin });
    await app.user.click(await screen.findByRole('button', { name: '2 corrections du bon BT-2026-000201' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Impossible de charger l’historique du chargement' }, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await app.user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    expect(await within(dialog).findByRole('list', { name: 'Versions du bon BT-2026-000201' })).toBeInTheDocument();
  });
});

describe('/admin/transfers/{id}: the contract’s references (issue 19)', () => {
  it('lists what the contract lacks, both sides, and lets the admin enter a side’s facts; only the changed ones are sent', async () => {
    const current = transfer({
      missingContractFacts: [
        { side: 'FILL', field: 'permit_reference', label: 'Référence de l’autorisation d’urbanisme' },
        { side: 'FILL', field: 'permit_date', label: 'Date de l’autorisation d’urbanisme' },
      ],
    });
    serveTransfer(current);
    const cut = listing({ id: current.cut.inquiryId, type: 'CUT', status: 'PRE_CONTRACT_SIGNED', soilPreparer: 'Terrassements du Ried SAS', analysisReferences: 'LRA-2026-0412', permitReference: 'PA 067 482 26 00017', permitDate: '2026-06-15' });
    const fill = listing({ id: current.fill.inquiryId, type: 'FILL', status: 'PRE_CONTRACT_SIGNED' });
    const bodies: { id: string; body: unknown }[] = [];
    server.use(
      http.get('*/inquiries/:id', ({ params }) => HttpResponse.json(params.id === cut.id ? cut : fill)),
      http.put('*/inquiries/:id/contract-facts', async ({ params, request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push({ id: String(params.id), body });
        return HttpResponse.json({ ...fill, permitReference: body.permit_reference, permitDate: body.permit_date, updatedAt: '2026-11-27T11:00:00.000Z' });
      }),
    );
    const app = renderApp(`/admin/transfers/${current.id}`, { user: admin });
    const section = await screen.findByRole('region', { name: 'Références du contrat de cession' });
    expect(within(section).getByRole('link', { name: 'Référence de l’autorisation d’urbanisme' })).toHaveAttribute('href', '#contract-facts-fill');
    const fillForm = await within(section).findByRole('form', { name: /Site de remblai · Plateforme Ottmarsheim/ });
    const cutForm = within(section).getByRole('form', { name: /Site de déblais · Écoquartier Rive Droite/ });
    expect(within(cutForm).getByRole('textbox', { name: 'Personne réalisant la préparation des terres' })).toHaveValue('Terrassements du Ried SAS');
    // A receiving site states its permit only.
    expect(within(fillForm).queryByRole('textbox', { name: 'Identifiant SIS du terrain' })).not.toBeInTheDocument();
    await app.user.type(within(fillForm).getByRole('textbox', { name: 'Référence de l’autorisation d’urbanisme' }), 'PC 068 253 26 00031');
    await app.user.type(within(fillForm).getByRole('textbox', { name: 'Date de l’autorisation d’urbanisme' }), '20/04/2026');
    await app.user.click(within(fillForm).getByRole('button', { name: 'Enregistrer les références' }));
    expect(await screen.findByText('Références du contrat enregistrées.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: fill.id, body: { permit_reference: 'PC 068 253 26 00031', permit_date: '2026-04-20' } }]);
  });

  it('shows a bad value’s French message on its field and sends nothing', async () => {
    const current = transfer({ missingContractFacts: [] });
    serveTransfer(current);
    const cut = listing({ id: current.cut.inquiryId, type: 'CUT', status: 'PRE_CONTRACT_SIGNED' });
    const sent: unknown[] = [];
    server.use(
      http.get('*/inquiries/:id', () => HttpResponse.json(cut)),
      http.put('*/inquiries/:id/contract-facts', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(cut);
      }),
    );
    const app = renderApp(`/admin/transfers/${current.id}`, { user: admin });
    const section = await screen.findByRole('region', { name: 'Références du contrat de cession' });
    expect(within(section).getByText('Le contrat de cession a toutes ses références : il peut être établi.')).toBeInTheDocument();
    const [cutForm] = await within(section).findAllByRole('form');
    await app.user.type(within(cutForm!).getByRole('textbox', { name: 'Identifiant SIS du terrain' }), 'SIS');
    await app.user.click(within(cutForm!).getByRole('button', { name: 'Enregistrer les références' }));
    expect(await within(cutForm!).findByText(listingMessages.sisIdentifierInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
