// The typed client end to end: generated function -> mutator -> the shared ky instance ->
// MSW handlers generated from the same contract (French fake data).
import { isHTTPError } from 'ky';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configureApiClient,
  createInquiry,
  createMemoryStorage,
  getHealth,
  downloadInquiryPdf,
  getMyOrganization,
  listInquiries,
  logout,
  saveSession,
  uploadInquiryDocument,
  requestInvitationCode,
  requestLoginCode,
  verifyCode,
  type Inquiry,
} from '../src/index';
import { getCreateInquiryResponseMock, handlers } from '../src/mocks';
import { credentialsFor, sessionHeadersFor, toApiPath } from '../src/mutator';

const ORIGIN = 'http://api.test';
const API = `${ORIGIN}/api/v1`;
const CATALOGUE = ['Terre Végétale', 'Sable et gravier', 'Autre'];

const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => {
  configureApiClient({ baseUrl: API, onUnauthorized: vi.fn(), storage: createMemoryStorage() });
});

describe('toApiPath', () => {
  it('puts versioned paths under the API root and the others one level up', () => {
    expect(toApiPath('/api/v1/inquiries')).toBe('inquiries');
    expect(toApiPath('/api/v1/organizations?with_archived=true')).toBe('organizations?with_archived=true');
    expect(toApiPath('/api/health')).toBe('../health');
    expect(toApiPath('/api/dev/outbox')).toBe('../dev/outbox');
    expect(toApiPath('https://elsewhere.test/x')).toBe('https://elsewhere.test/x');
  });
});

describe('credentials', () => {
  it("sends the sign-in calls with credentials: 'include' (the device cookie), every other call without", async () => {
    const seen = new Map<string, RequestCredentials>();
    server.events.on('request:start', ({ request }) => {
      seen.set(new URL(request.url).pathname, request.credentials);
    });
    try {
      await verifyCode({ email: 'camille@exemple.fr', otp: '123456' });
      await requestLoginCode({ email: 'camille@exemple.fr' });
      await requestInvitationCode({ token: 'jeton' });
      await getHealth();
      await listInquiries();
    } finally {
      server.events.removeAllListeners('request:start');
    }
    expect(Object.fromEntries(seen)).toEqual({
      '/api/v1/auth/magic-link/verify': 'include',
      '/api/v1/auth/login/magic-link/request': 'include',
      '/api/v1/auth/invitation/request': 'include',
      '/api/health': 'same-origin',
      '/api/v1/inquiries': 'same-origin',
    });
    expect(credentialsFor('auth/refresh')).toBe('include');
    expect(credentialsFor('authors')).toBeUndefined();
    expect(credentialsFor('users/me')).toBeUndefined();
  });

  it('sends the sign-out with the refresh cookie allowed and the CSRF header, and no body (issue 20)', async () => {
    const seen: { credentials: RequestCredentials; csrf: string | null; body: string }[] = [];
    server.use(
      http.post('*/auth/logout', async ({ request }) => {
        seen.push({ credentials: request.credentials, csrf: request.headers.get('x-requested-with'), body: await request.text() });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await logout();
    expect(seen).toEqual([{ credentials: 'include', csrf: 'terres', body: '' }]);
    expect(sessionHeadersFor('auth/refresh')).toEqual({ 'X-Requested-With': 'terres' });
    expect(sessionHeadersFor('auth/logout/')).toEqual({ 'X-Requested-With': 'terres' });
    expect(sessionHeadersFor('auth/magic-link/verify')).toEqual({});
    expect(sessionHeadersFor('users/me')).toEqual({});
  });
});

describe('generated functions through the mutator', () => {
  it('lists inquiries with typed, French mock data', async () => {
    const inquiries: Inquiry[] = await listInquiries();
    expect(inquiries.length).toBeGreaterThanOrEqual(2);
    for (const inquiry of inquiries) {
      expect(['CUT', 'FILL']).toContain(inquiry.type);
      expect(inquiry.projectOwnerSiret).toMatch(/^\d{14}$/);
      expect(inquiry.projectOwnerPostcode).toMatch(/^\d{5}$/);
      expect(inquiry.projectName).toMatch(
        /^(Construction|Réhabilitation|Lotissement|Extension|Aménagement|Création) /,
      );
      for (const material of inquiry.materials) expect(CATALOGUE).toContain(material.materialName);
    }
  });

  it('sends snake_case bodies with the bearer token and returns the created listing', async () => {
    saveSession({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      accessTokenExpirationDate: new Date(Date.now() + 900_000).toISOString(),
      refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
      user: {
        id: '5b0c8f9e-1d2a-4e3b-8c7d-6f5e4d3c2b1a',
        email: 'owner@demo.test',
        role: 'OWNER',
        firstName: 'Camille',
        lastName: 'Martin',
        phoneNumber: '06 12 34 56 78',
        organizationId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a10',
      },
    });
    let seen: { authorization: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${API}/inquiries`, async ({ request }) => {
        seen = { authorization: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json(getCreateInquiryResponseMock({ projectName: 'Lotissement Les Vergers' }), {
          status: 201,
        });
      }),
    );

    const created = await createInquiry({ type: 'CUT', project_name: 'Lotissement Les Vergers', status: 'DRAFT' });

    expect(seen).toEqual({
      authorization: 'Bearer access-1',
      body: { type: 'CUT', project_name: 'Lotissement Les Vergers', status: 'DRAFT' },
    });
    expect(created.projectName).toBe('Lotissement Les Vergers');
  });

  it('reads the login response of verifyCode', async () => {
    const session = await verifyCode({ email: 'camille.martin@terrassements-alsace.fr', otp: '482913' });
    expect(typeof session.accessToken).toBe('string');
    expect(['ADMIN', 'OWNER', 'EMPLOYEE']).toContain(session.user.role);
  });

  it('reaches /api/health outside the versioned base path', async () => {
    server.use(http.get(`${ORIGIN}/api/health`, () => HttpResponse.json({ status: 'ok' })));
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'wrong path' }, { status: 500 })));
    await expect(getHealth()).resolves.toEqual({ status: 'ok' });
  });

  it('downloads files as Blobs', async () => {
    const file = await downloadInquiryPdf('3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a10');
    expect(file).toBeInstanceOf(Blob);
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toMatch(/^%PDF-/);
  });

  it('uploads documents as multipart form data', async () => {
    let received: { kind: unknown; name: unknown; contentType: string | null } | undefined;
    server.use(
      http.post(`${API}/inquiries/:id/documents`, async ({ request }) => {
        const contentType = request.headers.get('content-type');
        const form = await request.formData();
        const file = form.get('file');
        received = { kind: form.get('kind'), name: file instanceof File ? file.name : file, contentType };
        return HttpResponse.json(
          {
            id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
            inquiryId: '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a10',
            kind: 'PERMISSION',
            fileName: 'autorisation-de-travaux.pdf',
            mimeType: 'application/pdf',
            size: 9,
            createdAt: '2026-11-22T15:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    const file = new File(['%PDF-1.4\n'], 'autorisation-de-travaux.pdf', { type: 'application/pdf' });
    const document = await uploadInquiryDocument('3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a10', { file, kind: 'PERMISSION' });
    expect(received?.kind).toBe('PERMISSION');
    expect(received?.name).toBe('autorisation-de-travaux.pdf');
    expect(received?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(document.fileName).toBe('autorisation-de-travaux.pdf');
  });

  it('throws ky HTTPError with the problem document on a non-2xx answer', async () => {
    server.use(
      http.get(`${API}/organizations/me`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Erreur : organisation introuvable.' },
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const error: unknown = await getMyOrganization().catch((caught: unknown) => caught);
    expect(isHTTPError(error)).toBe(true);
    if (!isHTTPError(error)) return;
    expect(error.response.status).toBe(404);
    expect(error.data).toMatchObject({ detail: 'Erreur : organisation introuvable.' });
  });
});
