import { isHTTPError } from 'ky';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDownloadDocumentUrl } from '../gen/documents/documents';
import { configureApiClient } from './client';
import { downloadFile, fileNameFromContentDisposition } from './files';
import { problemMessage } from './problem';
import { createMemoryStorage, saveSession } from './session-store';

const API = 'http://api.test/api/v1';
const DOCUMENT = '5b0d6a2e-0c1f-4a8e-9d3b-7e2f1a4c6b80';
/** The header as the API writes it (apps/api `attachmentHeader`): ASCII fallback, then UTF-8. */
const API_HEADER = `attachment; filename="etude de sol ete.pdf"; filename*=UTF-8''${encodeURIComponent('étude de sol été.pdf')}`;

describe('fileNameFromContentDisposition', () => {
  it.each([
    [API_HEADER, 'étude de sol été.pdf'],
    [`attachment; filename*=UTF-8''${encodeURIComponent('Facture FA-2026-000001 €.pdf')}; filename="Facture.pdf"`, 'Facture FA-2026-000001 €.pdf'],
    ['attachment; filename="FA-2026-000042.pdf"', 'FA-2026-000042.pdf'],
    ['attachment; filename=plan.png', 'plan.png'],
    ['attachment; FILENAME="Plan; version 2.png"', 'Plan; version 2.png'],
    ['attachment; filename="un \\"devis\\".pdf"', 'un "devis".pdf'],
    ["attachment; filename*=iso-8859-1'fr'%E9t%E9.pdf", 'été.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ["attachment; filename*=UTF-8''%E0%A4%A.pdf; filename=\"repli.pdf\"", 'repli.pdf'],
  ])('%s -> %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it('is undefined without a name', () => {
    for (const header of [null, undefined, '', 'attachment', 'inline; size=3', 'attachment; filename=""', 'attachment; filename=".."']) {
      expect(fileNameFromContentDisposition(header)).toBeUndefined();
    }
  });
});

describe('downloadFile', () => {
  const server = setupServer();
  let tokens: string[];

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  afterEach(() => server.resetHandlers());

  beforeEach(() => {
    tokens = [];
    configureApiClient({ baseUrl: API, onUnauthorized: vi.fn(), storage: createMemoryStorage() });
    saveSession({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      accessTokenExpirationDate: new Date(Date.now() + 60_000).toISOString(),
      refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
      user: { id: 'u1', email: 'a@b.fr', role: 'OWNER', firstName: null, lastName: null, phoneNumber: null, organizationId: 'o1' },
    });
    server.use(
      http.post(`${API}/auth/refresh`, () =>
        HttpResponse.json({
          accessToken: 'access-2',
          refreshToken: 'refresh-2',
          accessTokenExpirationDate: new Date(Date.now() + 60_000).toISOString(),
          refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
          user: { id: 'u1', email: 'a@b.fr', role: 'OWNER', firstName: null, lastName: null, phoneNumber: null, organizationId: 'o1' },
        }),
      ),
      http.get(`${API}/documents/:id/download`, ({ request, params }) => {
        const authorization = request.headers.get('authorization') ?? '';
        tokens.push(authorization);
        if (authorization !== 'Bearer access-2') {
          return HttpResponse.json({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Session expirée.' }, { status: 401 });
        }
        if (params.id !== DOCUMENT) {
          return HttpResponse.json(
            { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Document introuvable.' },
            { status: 404, headers: { 'content-type': 'application/problem+json' } },
          );
        }
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': API_HEADER },
        });
      }),
      http.get(`${API}/invoices/:id/pdf`, () => new HttpResponse(new Uint8Array([1, 2]), { headers: { 'content-type': 'application/pdf' } })),
    );
  });

  it('answers the bytes and the real name, through the session (refresh on 401 included)', async () => {
    const { blob, fileName } = await downloadFile(getDownloadDocumentUrl(DOCUMENT));
    expect(fileName).toBe('étude de sol été.pdf');
    expect(blob.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x25, 0x50, 0x44, 0x46]);
    expect(tokens).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('takes API paths with or without the /api/v1 base, and falls back to a name', async () => {
    expect((await downloadFile('/invoices/x/pdf')).fileName).toBe('fichier');
    expect((await downloadFile('/api/v1/invoices/x/pdf', { fallbackFileName: 'facture.pdf' })).fileName).toBe('facture.pdf');
  });

  it('rejects like every generated call (HTTPError with the French detail)', async () => {
    const error: unknown = await downloadFile(getDownloadDocumentUrl('00000000-0000-4000-8000-000000000000')).catch((e: unknown) => e);
    expect(isHTTPError(error) && error.response.status).toBe(404);
    expect(problemMessage(error, 'Erreur')).toBe('Document introuvable.');
  });
});
