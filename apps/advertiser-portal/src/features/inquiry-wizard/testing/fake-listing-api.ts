// A small in-memory listing API for the wizard's tests (MSW): it keeps one listing and its
// documents, answers as the real API does for the calls the wizard makes (404 before the draft
// exists, POST with the route id, partial PUT with wire names, uploads), and records every
// request so tests assert what was sent.
import type { Document, Inquiry, Organization } from '@terres/api-client';
import { addYears, emptyListingFields, PROBLEM_TYPES, snakeToCamel, todayInParis } from '@terres/domain';
import { http, HttpResponse } from 'msw';
import { organization as defaultOrganization, ORGANIZATION_ID, owner } from '../../../../test/fixtures';
import { server } from '../../../../test/server';

export const LISTING_ID = '7d3c5b1a-2f4e-4a6b-9c8d-1e2f3a4b5c6d';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A calendar day `days` after today (Europe/Paris), ISO. */
export function dayFromToday(days: number): string {
  const [y, m, d] = todayInParis().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

export const LAST_ALLOWED_DAY = addYears(todayInParis(), 2);

export function listing(overrides: Partial<Inquiry> = {}): Inquiry {
  return {
    // Every field of the domain's table not given, then this draft's own.
    ...emptyListingFields(),
    id: LISTING_ID,
    organizationId: ORGANIZATION_ID,
    organizationName: defaultOrganization.name,
    userId: owner.id,
    type: 'CUT',
    status: 'DRAFT',
    projectName: 'ZAC des Tanneries',
    cost: 50,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function document(kind: Document['kind'], fileName: string, id = `${kind.toLowerCase()}-${fileName}`): Document {
  return {
    id,
    inquiryId: LISTING_ID,
    kind,
    source: 'ADVERTISER',
    fileName,
    mimeType: 'application/pdf',
    size: 120_000,
    createdAt: '2026-11-20T08:00:00.000Z',
  };
}

/** A draft where every sub-step before the summary is filled. */
export function completeListing(overrides: Partial<Inquiry> = {}): Inquiry {
  return listing({
    projectOwnerFirstName: 'Camille',
    projectOwnerLastName: 'Muller',
    projectOwnerStreet: '12 rue du Rhin',
    projectOwnerPostcode: '68100',
    projectOwnerCity: 'Mulhouse',
    projectOwnerSiret: '73282932000074',
    siteAddress: 'Rue des Tanneries 68100 Mulhouse',
    siteLatitude: 47.75,
    siteLongitude: 7.34,
    parcelNumbers: ['68224000AB0123'],
    quantity: 5.5,
    materials: [{ materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 1200, price: -5, qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04', pop: 'UNKNOWN' }],
    startDate: dayFromToday(10),
    endDate: dayFromToday(60),
    cost: 80,
    ...overrides,
  });
}

export const completeDocuments = (): Document[] => [document('PERMISSION', 'permis.pdf'), document('SOIL_STUDY', 'etude.pdf')];

const problem = (status: number, detail: string, errors?: Record<string, string>, type = 'about:blank') =>
  HttpResponse.json({ type, title: 'Erreur', status, detail, ...(errors ? { errors } : {}) }, {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

function applyWire(target: Inquiry, body: Record<string, unknown>): Inquiry {
  const next: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'id' || key === 'type') continue;
    if (key === 'materials' && Array.isArray(value)) {
      next.materials = value.map((row: Record<string, unknown>) => ({
        materialName: row.material_name,
        groundComposition: row.ground_composition,
        quantity: row.quantity,
        price: row.price ?? 0,
      }));
    } else {
      next[snakeToCamel(key)] = value;
    }
  }
  return next as unknown as Inquiry;
}

export interface FakeListingApi {
  inquiry: Inquiry | null;
  documents: Document[];
  organization: Organization;
  requests: RecordedRequest[];
  /** Bodies of the requests to a method and path suffix ('PUT', '/inquiries/{id}'). */
  bodies: (method: string, suffix?: string) => Record<string, unknown>[];
  /** The next PUT answers this (once). */
  failNextPut: (status: number, detail: string, errors?: Record<string, string>, type?: string) => void;
}

export function fakeListingApi(
  options: { inquiry?: Inquiry | null; documents?: Document[]; organization?: Organization } = {},
): FakeListingApi {
  // Each test starts without values left by the previous one in the tab's storage.
  sessionStorage.clear();
  let failure: { status: number; detail: string; errors?: Record<string, string>; type?: string } | null = null;
  const api: FakeListingApi = {
    inquiry: options.inquiry ?? null,
    documents: options.documents ?? [],
    organization: options.organization ?? defaultOrganization,
    requests: [],
    bodies: (method, suffix = `/inquiries/${LISTING_ID}`) =>
      api.requests
        .filter((r) => r.method === method && r.path.endsWith(suffix))
        .map((r) => r.body as Record<string, unknown>),
    failNextPut: (status, detail, errors, type) => {
      failure = { status, detail, ...(errors ? { errors } : {}), ...(type ? { type } : {}) };
    },
  };
  const record = (method: string, url: string, body: unknown) =>
    api.requests.push({ method, path: new URL(url).pathname.replace(/\/+$/, ''), body });

  server.use(
    http.get('*/organizations/me', () => HttpResponse.json(api.organization)),
    http.get('*/inquiries/:id/documents', ({ params }) =>
      api.inquiry && api.inquiry.id === params.id ? HttpResponse.json(api.documents) : problem(404, 'Erreur : annonce introuvable.'),
    ),
    http.get('*/inquiries/:id', ({ params }) =>
      api.inquiry && api.inquiry.id === params.id ? HttpResponse.json(api.inquiry) : problem(404, 'Erreur : annonce introuvable.'),
    ),
    http.post('*/inquiries', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      record('POST', request.url, body);
      if (api.inquiry) return problem(409, 'Cet identifiant d’annonce est déjà utilisé.', undefined, PROBLEM_TYPES.idTaken);
      api.inquiry = applyWire(listing({ id: String(body.id), type: body.type as Inquiry['type'], projectName: '' }), body);
      return HttpResponse.json(api.inquiry, { status: 201 });
    }),
    http.put('*/inquiries/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      record('PUT', request.url, body);
      if (failure) {
        const { status, detail, errors, type } = failure;
        failure = null;
        return problem(status, detail, errors, type);
      }
      if (!api.inquiry) return problem(404, 'Erreur : annonce introuvable.');
      api.inquiry = applyWire(api.inquiry, body);
      return HttpResponse.json(api.inquiry);
    }),
    http.post('*/inquiries/:id/documents', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      const kind = String(form.get('kind')) as Document['kind'];
      record('POST', request.url, { kind, fileName: file.name });
      const uploaded = { ...document(kind, file.name, `doc-${api.documents.length + 1}`), size: file.size };
      api.documents.push(uploaded);
      return HttpResponse.json(uploaded, { status: 201 });
    }),
    http.delete('*/documents/:id', ({ params, request }) => {
      record('DELETE', request.url, null);
      const found = api.documents.find((doc) => doc.id === params.id);
      if (!found) return problem(404, 'Document introuvable.');
      if (found.source !== 'ADVERTISER') return problem(403, 'Ce document a été envoyé par la plateforme.');
      api.documents = api.documents.filter((doc) => doc.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    // The public cadastre service is unreachable, as on this machine: ParcelMap falls back to
    // the parcel-number entry.
    http.get('https://openmaptiles.geo.data.gouv.fr/*', () => HttpResponse.error()),
  );
  return api;
}

/** Radix Select calls pointer-capture and scrolling methods happy-dom lacks. */
export function polyfillRadix(): void {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}
