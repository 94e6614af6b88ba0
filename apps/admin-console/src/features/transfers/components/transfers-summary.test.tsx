import type { Match, MatchFigures, SavingsSummary } from '@terres/api-client';
import { summariseSavings, transferSavings, type MatchingConfigInput } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin } from '../../../../test/fixtures';
import { captureDownloads, problem } from '../../../../test/http';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1100);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  server.use(
    http.get('*/inquiries', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get('*/inquiries/pins', () => HttpResponse.json([])),
  );
});
afterEach(() => vi.restoreAllMocks());

const party = (type: 'CUT' | 'FILL', name: string) => ({
  id: `${type === 'CUT' ? 'c' : 'f'}0000000-0000-4000-8000-000000000001`,
  type,
  status: 'PROCESSED' as const,
  projectName: name,
  organizationId: 'o0000000-0000-4000-8000-000000000001',
  organizationName: 'Travaux Publics de l’Eurométropole SAS',
  siteAddress: null,
  latitude: 48.58,
  longitude: 7.73,
});

/** A DONE match as the API answers it, its savings counted with `config` (the API's settings). */
function doneMatch(moved: number, roadKm: number, config: MatchingConfigInput = {}): Match {
  const figures: MatchFigures = {
    score: 80,
    distance: { greatCircleKm: roadKm / 1.3, roadKm },
    volume: { matchedM3: 2400, cutAvailableM3: 2400, fillNeededM3: 3000, fillCoverage: 0.8, cutCoverage: 1 },
    overlap: { start: '2026-10-15', end: '2026-12-12', days: 59 },
    transport: { tonnes: 4080, truckLoadM3: 11.76, trips: 204, truckKm: 0, baselineTruckKm: 0, truckKmSaved: 0 },
    co2: { emittedKg: 0, baselineKg: 0, savedKg: 0 },
    quality: { toVerify: false, qualityClasses: ['INERT_NATURAL_BACKGROUND'], wasteCodes: ['17 05 04'] },
    scoreParts: null,
    priceBalance: null,
    lines: null,
  };
  return {
    id: 'm0000000-0000-4000-8000-000000000001',
    status: 'DONE',
    cutInquiryId: party('CUT', 'Parvis').id,
    fillInquiryId: party('FILL', 'Étoile').id,
    cut: party('CUT', 'Parvis de la gare'),
    fill: party('FILL', 'ZAC de l’Étoile'),
    volumeM3: 2400,
    movedVolumeM3: moved,
    transferDate: '2026-11-16',
    transferEndDate: null,
    doneSource: 'OUTSIDE_PLATFORM',
    transferId: null,
    figures,
    savings: transferSavings(figures, moved, config),
    createdAt: '2026-10-20T10:00:00.000Z',
    updatedAt: '2026-11-16T10:00:00.000Z',
    acceptedAt: '2026-10-25T10:00:00.000Z',
    declinedAt: null,
    doneAt: '2026-11-16T10:00:00.000Z',
  };
}

/** GET /matches/savings as the API answers it: the DONE matches' savings summed, with the settings used. */
function summaryOf(done: readonly Match[], basis = { disposalDistanceKm: 50, co2KgPerM3Km: 0.17 }): SavingsSummary {
  const total = summariseSavings(done.flatMap((match) => (match.savings ? [match.savings] : [])));
  return { ...total, ...basis };
}

describe('transfers on the admin map (issue 11)', () => {
  it('sums the volume reused, the CO2e and the truck-km avoided by the transfers done', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/matches/savings', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(summaryOf([doneMatch(2350, 3)]));
      }),
    );
    renderApp('/admin/map', { user: admin });
    const card = await screen.findByRole('region', { name: 'Transferts réalisés' });
    // 2 350 m³ moved 3 km by road instead of 50: 2 350 × 47 × 0.17 = 18 777 kg;
    // 2 350 × 1.7 t = 3 995 t, 200 trips × 2 × 47 km = 18 800 km avoided.
    await waitFor(() => expect(card).toHaveTextContent('2 350 m³'));
    expect(card).toHaveTextContent('18,8 t CO₂e');
    expect(card).toHaveTextContent('18 800 km');
    expect(card).toHaveTextContent('Par rapport à une évacuation à 50 km en moyenne, à 0,17 kg CO₂e par m³·km.');
    // The API sums them (issue 23): no list of matches is fetched for it.
    expect(asked).toEqual(['/api/v1/matches/savings']);
  });

  it('shows the savings and the baseline the API counted with its configured disposal distance and factor', async () => {
    const config = { disposalDistanceKm: 80, co2KgPerM3Km: 0.15 };
    server.use(http.get('*/matches/savings', () => HttpResponse.json(summaryOf([doneMatch(2350, 3, config)], config))));
    renderApp('/admin/map', { user: admin });
    const card = await screen.findByRole('region', { name: 'Transferts réalisés' });
    // 2 350 × (80 − 3) × 0.15 = 27 142.5 kg; 200 trips × 2 × 77 km = 30 800 km.
    await waitFor(() => expect(card).toHaveTextContent('27,1 t CO₂e'));
    expect(card).toHaveTextContent('30 800 km');
    expect(card).toHaveTextContent('Par rapport à une évacuation à 80 km en moyenne, à 0,15 kg CO₂e par m³·km.');
  });

  it('says when nothing was transferred yet, and when the transfers cannot be read', async () => {
    server.use(http.get('*/matches/savings', () => HttpResponse.json(summaryOf([]))));
    renderApp('/admin/map', { user: admin });
    expect(await screen.findByText('Aucun transfert réalisé pour l’instant.')).toBeInTheDocument();
  });

  it('downloads the national register for the period chosen, XLSX first, one declarant or all of them zipped', async () => {
    server.use(http.get('*/matches/savings', () => HttpResponse.json(summaryOf([]))));
    const downloads = captureDownloads();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/register/exports', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse('\uFEFFMotif;Identifiant unique\r\n', {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="registres-sortants-terres-excavees_2026-11-01_2026-11-23.zip"',
          },
        });
      }),
    );
    const app = renderApp('/admin/map', { user: admin });
    const card = await screen.findByRole('region', { name: 'Registre national des terres excavées' });
    await app.user.click(within(card).getByRole('button', { name: 'Télécharger le registre' }));
    await waitFor(() => expect(downloads.names).toEqual(['registres-sortants-terres-excavees_2026-11-01_2026-11-23.zip']));
    expect(asked[0]?.get('register')).toBe('outgoing');
    expect(asked[0]?.get('format')).toBe('xlsx');
    expect(asked[0]?.has('siret')).toBe(false);
    expect(asked[0]?.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(await screen.findByText('Registre téléchargé.')).toBeInTheDocument();
    expect(within(card).getByText(/Importez le fichier XLSX dans Trackdéchets/)).toBeInTheDocument();
    // Transfers done outside the platform are left to their parties, and the console says so.
    expect(within(card).getByText(/^Un transfert réalisé hors de la plateforme .* ne figure pas dans ces registres/)).toBeInTheDocument();

    // One declarant: its SIRET, spaces dropped; a bad one is said before any request.
    const field = within(card).getByRole('textbox', { name: /SIRET du déclarant/ });
    await app.user.type(field, '123');
    expect(within(card).getByText('Indiquez le SIRET du déclarant (14 chiffres).')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Télécharger le registre' })).toBeDisabled();
    await app.user.clear(field);
    await app.user.type(field, '812 345 670 00028');
    await app.user.click(within(card).getByRole('button', { name: 'Télécharger le registre' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.get('siret')).toBe('81234567000028');
  });

  it('tells the refusal of the export in French', async () => {
    server.use(
      http.get('*/matches/savings', () => HttpResponse.json(summaryOf([]))),
      http.get('*/register/exports', () => problem(400, 'Indiquez une période valide (dates du … au …, la fin après le début).')),
    );
    const app = renderApp('/admin/map', { user: admin });
    const card = await screen.findByRole('region', { name: 'Registre national des terres excavées' });
    await app.user.click(within(card).getByRole('button', { name: 'Télécharger le registre' }));
    expect(await screen.findByText('Indiquez une période valide (dates du … au …, la fin après le début).')).toBeInTheDocument();
  });
});
