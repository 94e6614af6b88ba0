// Test helpers of the listing detail pages: the API answers for one listing.
import type { CreditTransaction, Document, Inquiry, InquiryHistoryEvent, InquiryMatches, Match, Organization } from '@terres/api-client';
import { http, HttpResponse } from 'msw';
import { organization as defaultOrganization } from '../../../test/listings';
import { problem } from '../../../test/http';
import { server } from '../../../test/server';

/**
 * GET /inquiries/{id} answers `inquiry` (any other id: 404), its documents `documents`, its
 * organisation and the organisation's ledger, its compatible sites `matches` and its agreed
 * matches `agreedMatches` (GET /matches), its dated history `history`.
 */
export function serveInquiry(
  inquiry: Inquiry,
  options: {
    documents?: Document[];
    organization?: Organization;
    transactions?: CreditTransaction[];
    matches?: InquiryMatches;
    agreedMatches?: Match[];
    history?: InquiryHistoryEvent[];
  } = {},
) {
  const organization = { ...defaultOrganization, id: inquiry.organizationId, name: inquiry.organizationName, ...options.organization };
  server.use(
    http.get('*/inquiries/:id', ({ params }) =>
      params.id === inquiry.id ? HttpResponse.json(inquiry) : problem(404, 'Erreur : annonce introuvable.'),
    ),
    http.get('*/inquiries/:id/documents', ({ params }) =>
      params.id === inquiry.id ? HttpResponse.json(options.documents ?? []) : problem(404, 'Erreur : annonce introuvable.'),
    ),
    http.get('*/organizations/:id', ({ params }) =>
      params.id === organization.id ? HttpResponse.json(organization) : problem(404, 'Erreur : organisation introuvable.'),
    ),
    http.get('*/organizations/:id/credit-transactions', () => HttpResponse.json(options.transactions ?? [])),
    http.get('*/inquiries/:id/matches', () => HttpResponse.json(options.matches ?? noMatches)),
    http.get('*/inquiries/:id/history', ({ params }) =>
      params.id === inquiry.id ? HttpResponse.json(options.history ?? []) : problem(404, 'Erreur : annonce introuvable.'),
    ),
    // GET /matches?inquiry_id= (the listing's agreed matches, for its documents), not the line above.
    http.get('*/matches', ({ request }) =>
      new URL(request.url).pathname.includes('/inquiries/') ? undefined : HttpResponse.json(options.agreedMatches ?? []),
    ),
  );
  return organization;
}

export const MATCHING_SETTINGS = { radiusKm: 50, detourFactor: 1.3, truckPayloadTonnes: 20, soilDensityTonnesPerM3: 1.7, co2KgPerM3Km: 0.17, disposalDistanceKm: 50 };
const noMatches: InquiryMatches = { total: 0, items: [], sites: [], settings: MATCHING_SETTINGS };

export const detailsPath = (inquiry: Pick<Inquiry, 'id'>, tab: 'overview' | 'informations' | 'documents' | 'management' = 'overview') =>
  `/admin/inquiry/details/${inquiry.id}/${tab}`;
