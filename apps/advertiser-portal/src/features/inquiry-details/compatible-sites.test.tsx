import type { AdvertiserMatch } from '@terres/api-client';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { owner } from '../../../test/fixtures';
import { makeInquiry } from '../../../test/inquiry-fixtures';
import { renderApp } from '../../../test/render-app';
import { server } from '../../../test/server';
import { detailsPath, MATCHING_SETTINGS, serveInquiry } from './test-utils';

/** A compatible site as the API answers it to an advertiser (coarse figures, issue 20). */
function site(roadKm: number, matchedM3: number, co2SavedKg: number, truckKmSaved: number, overlap: AdvertiserMatch['overlap']): AdvertiserMatch {
  return { roadKm, matchedM3, overlap, trips: 10, co2SavedKg, truckKmSaved, quality: { toVerify: false, qualityClasses: [], wasteCodes: [] } };
}

describe('compatible sites on a validated listing (issue 11)', () => {
  it('says how many sites fit and what the best ones would save, without naming them', async () => {
    const inquiry = makeInquiry({ status: 'APPROVED' });
    serveInquiry(inquiry, {
      matches: {
        total: 4,
        items: [],
        sites: [
          site(12, 3500, 2261, 1460, { fromMonth: '2027-04', toMonth: '2027-06', weeks: 11 }),
          site(30, 800, 340, 240, { fromMonth: '2027-11', toMonth: '2028-01', weeks: 1 }),
        ],
        settings: MATCHING_SETTINGS,
      },
    });
    renderApp(detailsPath(inquiry), { user: owner });
    const panel = await screen.findByRole('region', { name: 'Sites compatibles' });
    expect(await within(panel).findByText(/4 sites compatibles avec votre annonce sur la plateforme, dans un rayon de 50/)).toBeInTheDocument();
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      'Site n° 1 : à environ 12 km par la route, 3 500 m³ échangeables d’avril à juin 2027 (environ 11 semaines en commun), 2,3 t CO₂e et environ 1 460 km de camion évités',
    );
    expect(items[1]).toHaveTextContent(
      'Site n° 2 : à environ 30 km par la route, 800 m³ échangeables de novembre 2027 à janvier 2028 (environ 1 semaine en commun), 340 kg CO₂e et environ 240 km de camion évités',
    );
    expect(within(panel).getByText(/Les distances et les périodes sont approchées/)).toBeInTheDocument();
  });

  it('says none is known yet, and shows nothing before validation', async () => {
    const inquiry = makeInquiry({ status: 'DOUBT_CLEARED' });
    serveInquiry(inquiry);
    renderApp(detailsPath(inquiry), { user: owner });
    expect(await screen.findByText(/Aucun site compatible pour l'instant/)).toBeInTheDocument();
  });

  it.each([
    ['SITE_FOUND', 'Un site compatible a été trouvé pour cette annonce'],
    ['PRE_CONTRACT_SIGNED', 'Le pré-contrat avec le site compatible est signé'],
    ['PROCESSED', 'La transaction avec le site compatible est terminée'],
  ] as const)('on a matched listing (%s) says where the match stands, never "no compatible site" (review D3)', async (status, text) => {
    const inquiry = makeInquiry({ status });
    serveInquiry(inquiry);
    let asked = 0;
    server.use(
      http.get('*/inquiries/:id/matches', () => {
        asked += 1;
        return HttpResponse.json({ total: 0, items: [], sites: [], settings: MATCHING_SETTINGS });
      }),
    );
    renderApp(detailsPath(inquiry), { user: owner });
    const panel = await screen.findByRole('region', { name: 'Sites compatibles' });
    expect(panel).toHaveTextContent(text);
    expect(panel).not.toHaveTextContent(/Aucun site compatible/);
    expect(asked).toBe(0);
  });

  it('is absent from a listing waiting for validation (no request is made)', async () => {
    const inquiry = makeInquiry({ status: 'PENDING_VALIDATION' });
    serveInquiry(inquiry);
    let asked = 0;
    server.use(
      http.get('*/inquiries/:id/matches', () => {
        asked += 1;
        return HttpResponse.json({ total: 0, items: [], sites: [], settings: MATCHING_SETTINGS });
      }),
    );
    renderApp(detailsPath(inquiry), { user: owner });
    await screen.findByRole('heading', { level: 2, name: /Site|Chantier/ });
    expect(screen.queryByRole('region', { name: 'Sites compatibles' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });
});
