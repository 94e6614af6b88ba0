import type { MatchSuggestion } from '@terres/api-client';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { owner } from '../../../test/fixtures';
import { makeInquiry } from '../../../test/inquiry-fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { detailsPath, MATCHING_SETTINGS, serveInquiry } from './test-utils';

function figures(roadKm: number, matchedM3: number, savedKg: number): MatchSuggestion {
  return {
    score: 70,
    distance: { greatCircleKm: roadKm / 1.3, roadKm },
    volume: { matchedM3, cutAvailableM3: 5000, fillNeededM3: 5000, fillCoverage: 0.5, cutCoverage: 0.5 },
    overlap: { start: '2027-04-15', end: '2027-06-30', days: 77 },
    transport: { tonnes: 0, truckLoadM3: 11.76, trips: 10, truckKm: 0, baselineTruckKm: 0, truckKmSaved: 1459.8 },
    co2: { emittedKg: 0, baselineKg: 0, savedKg },
    quality: { toVerify: false, qualityClasses: [], wasteCodes: [] },
    scoreParts: null,
    priceBalance: null,
    lines: null,
    counterpart: null,
    proposal: null,
  };
}

describe('compatible sites on a validated listing (issue 11)', () => {
  it('says how many sites fit and what the best ones would save, without naming them', async () => {
    const inquiry = makeInquiry({ status: 'APPROVED' });
    serveInquiry(inquiry, { matches: { total: 4, items: [figures(12.4, 3500, 1457.3), figures(30, 800, 340)], settings: MATCHING_SETTINGS } });
    renderApp(detailsPath(inquiry), { user: owner });
    const panel = await screen.findByRole('region', { name: 'Sites compatibles' });
    expect(await within(panel).findByText(/4 sites compatibles avec votre annonce sur la plateforme, dans un rayon de 50/)).toBeInTheDocument();
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Site n° 1 : à 12,4 km par la route, 3 500 m³ échangeables, 1,5 t CO₂e et 1 459,8 km de camion évités');
    expect(items[1]).toHaveTextContent('Site n° 2 : à 30 km par la route, 800 m³ échangeables, 340 kg CO₂e');
  });

  it('says none is known yet, and shows nothing before validation', async () => {
    const inquiry = makeInquiry({ status: 'DOUBT_CLEARED' });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: owner });
    expect(await screen.findByText(/Aucun site compatible pour l'instant/)).toBeInTheDocument();
  });

  it('is absent from a listing waiting for validation (no request is made)', async () => {
    const inquiry = makeInquiry({ status: 'PENDING_VALIDATION' });
    serveInquiry(inquiry);
    let asked = 0;
    server.use(
      http.get('*/inquiries/:id/matches', () => {
        asked += 1;
        return HttpResponse.json({ total: 0, items: [], settings: MATCHING_SETTINGS });
      }),
    );
    renderApp(detailsPath(inquiry), { user: owner });
    await screen.findByRole('heading', { level: 2, name: /Site|Chantier/ });
    expect(screen.queryByRole('region', { name: 'Sites compatibles' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
