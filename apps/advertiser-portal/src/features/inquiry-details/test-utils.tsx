// Test helpers of the listing detail pages: the API answers for one listing.
import type { Document, Inquiry, InquiryMatches } from '@terres/api-client';
import { getGetMyOrganizationMockHandler } from '@terres/api-client/mocks';
import { http, HttpResponse } from 'msw';
import { organization } from '../../../test/fixtures';
import { server } from '../../../test/server';

export const notFound = () =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Erreur : annonce introuvable.' },
    { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
  );

/** GET /inquiries/{id} answers `inquiry` (any other id: 404), its documents `documents`, and the balance. */
export function serveInquiry(inquiry: Inquiry, options: { documents?: Document[]; creditBalance?: number; matches?: InquiryMatches } = {}) {
  server.use(
    http.get('*/inquiries/:id/matches', ({ params }) =>
      params.id === inquiry.id ? HttpResponse.json(options.matches ?? { total: 0, items: [], sites: [], settings: MATCHING_SETTINGS }) : notFound(),
    ),
    getGetMyOrganizationMockHandler({ ...organization, creditBalance: options.creditBalance ?? 240 }),
    http.get('*/inquiries/:id', ({ params }) => (params.id === inquiry.id ? HttpResponse.json(inquiry) : notFound())),
    http.get('*/inquiries/:id/documents', ({ params }) =>
      params.id === inquiry.id ? HttpResponse.json(options.documents ?? []) : notFound(),
    ),
  );
}

export const MATCHING_SETTINGS = { radiusKm: 50, detourFactor: 1.3, truckPayloadTonnes: 20, soilDensityTonnesPerM3: 1.7, co2KgPerM3Km: 0.17, disposalDistanceKm: 50 };

export const detailsPath = (inquiry: Pick<Inquiry, 'id'>, tab: 'overview' | 'informations' | 'documents' = 'overview') =>
  `/user/inquiry/details/${inquiry.id}/${tab}`;
