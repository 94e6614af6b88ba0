import { isHTTPError, isNetworkError } from 'ky';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr';
import { configureApiClient, type SessionEndedEvent } from './client';
import { parseProblem, problemMessage } from './problem';
import { createMemoryStorage, readSession, saveSession, type LoginResponse } from './session-store';
import { uploadInquiryDocumentWithProgress } from './upload';

const API = 'http://api.test/api/v1';
const INQUIRY = '3f1c2a9e-5b7d-4c8e-9a1f-2b6d8e4c7a10';
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const tokens = (access: string, refresh: string): LoginResponse => ({
  accessToken: access,
  refreshToken: refresh,
  accessTokenExpirationDate: iso(15 * 60_000),
  refreshTokenExpirationDate: iso(30 * 86_400_000),
  user: { id: 'u1', email: 'owner@demo.test', role: 'OWNER', firstName: 'Ana', lastName: 'Martin', phoneNumber: null, organizationId: 'o1' },
});
const problem = (status: number, detail: string, type = 'about:blank') =>
  HttpResponse.json({ type, title: 'Error', status, detail }, { status, headers: { 'content-type': 'application/problem+json' } });

const server = setupServer();
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let ended: ReturnType<typeof vi.fn<(event: SessionEndedEvent) => void>>;
/** What the fake API received: token, kind, file name and size. */
let received: { authorization: string | null; kind: unknown; fileName: string | undefined; size: number | undefined }[];
let validTokens: Set<string>;
let refreshes: number;
let answer: (() => Response) | undefined;

const pdf = () => new File([new Uint8Array(2048).fill(0x25)], 'étude de sol été.pdf', { type: 'application/pdf' });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});
afterEach(() => server.resetHandlers());

beforeEach(() => {
  FakeXhr.instances = [];
  onUnauthorized = vi.fn<() => void>();
  ended = vi.fn<(event: SessionEndedEvent) => void>();
  received = [];
  validTokens = new Set(['access-1']);
  refreshes = 0;
  answer = undefined;
  configureApiClient({ baseUrl: API, onUnauthorized, onSessionEnded: ended, storage: createMemoryStorage() });
  saveSession(tokens('access-1', 'refresh-1'));
  server.use(
    http.post(`${API}/auth/refresh`, () => {
      refreshes += 1;
      validTokens = new Set(['access-2']);
      return HttpResponse.json(tokens('access-2', 'refresh-2'));
    }),
    http.post(`${API}/inquiries/:id/documents`, async ({ request, params }) => {
      const authorization = request.headers.get('authorization');
      const form = await request.formData();
      const file = form.get('file');
      received.push({
        authorization,
        kind: form.get('kind'),
        fileName: file instanceof File ? file.name : undefined,
        size: file instanceof File ? file.size : undefined,
      });
      if (!validTokens.has(authorization?.replace(/^Bearer /, '') ?? '')) return problem(401, 'Session expirée. Veuillez vous reconnecter.');
      if (answer) return answer();
      return HttpResponse.json(
        {
          id: '5b0d6a2e-0c1f-4a8e-9d3b-7e2f1a4c6b80',
          inquiryId: params.id,
          kind: form.get('kind'),
          source: 'ADVERTISER',
          fileName: file instanceof File ? file.name : 'x',
          mimeType: 'application/pdf',
          size: file instanceof File ? file.size : 0,
          createdAt: new Date().toISOString(),
        },
        { status: 201 },
      );
    }),
  );
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('uploadInquiryDocumentWithProgress', () => {
  it('sends the file, its name and kind with the bearer token, reports rising progress and ends at 1', async () => {
    const fractions: number[] = [];
    const document = await uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'SOIL_STUDY' }, { onProgress: (f) => fractions.push(f) });
    expect(document).toMatchObject({ inquiryId: INQUIRY, kind: 'SOIL_STUDY', fileName: 'étude de sol été.pdf', size: 2048 });
    expect(received).toEqual([{ authorization: 'Bearer access-1', kind: 'SOIL_STUDY', fileName: 'étude de sol été.pdf', size: 2048 }]);
    expect(FakeXhr.instances[0]).toMatchObject({ method: 'POST', url: `${API}/inquiries/${INQUIRY}/documents` });
    // Rising, below 1 while the server has not answered, then exactly 1.
    expect(fractions.length).toBeGreaterThanOrEqual(3);
    expect(fractions.slice(0, -1).every((f, i, all) => f < 1 && (i === 0 || f > all[i - 1]!))).toBe(true);
    expect(fractions.at(-1)).toBe(1);
  });

  it('names a bare Blob with fileName', async () => {
    await uploadInquiryDocumentWithProgress(INQUIRY, { file: new Blob([new Uint8Array(10)]), kind: 'OTHER', fileName: 'plan.png' });
    expect(received[0]).toMatchObject({ fileName: 'plan.png', kind: 'OTHER' });
  });

  it('on 401 refreshes once through the shared flow, then retries once with the new token', async () => {
    validTokens = new Set(); // access-1 refused
    const fractions: number[] = [];
    const document = await uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'PERMISSION' }, { onProgress: (f) => fractions.push(f) });
    expect(document.kind).toBe('PERMISSION');
    expect(refreshes).toBe(1);
    expect(received.map((r) => r.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(readSession().accessToken).toBe('access-2');
    expect(fractions.at(-1)).toBe(1);
    expect(ended).not.toHaveBeenCalled();
  });

  it('a second 401 after the refresh ends the session and rejects with the 401', async () => {
    server.use(http.post(`${API}/inquiries/:id/documents`, () => problem(401, 'Session expirée. Veuillez vous reconnecter.')));
    const error = await rejection(uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'OTHER' }));
    expect(isHTTPError(error) && error.response.status).toBe(401);
    expect(refreshes).toBe(1);
    expect(ended.mock.calls).toEqual([[{ reason: 'unauthorized', message: 'Session expirée. Veuillez vous reconnecter.' }]]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(readSession().accessToken).toBeNull();
  });

  it('refusals reject with the same HTTPError as every call: problemMessage and parseProblem read them', async () => {
    answer = () => problem(413, 'Le fichier dépasse la taille maximale autorisée de 5 Mo.');
    const error = await rejection(uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'OTHER' }));
    expect(isHTTPError(error)).toBe(true);
    expect(problemMessage(error, 'Erreur')).toBe('Le fichier dépasse la taille maximale autorisée de 5 Mo.');
    expect(parseProblem(error)).toMatchObject({ status: 413, detail: 'Le fichier dépasse la taille maximale autorisée de 5 Mo.' });

    answer = () =>
      HttpResponse.json(
        { type: 'about:blank', title: 'Unprocessable Content', status: 422, detail: 'Le fichier est vide.', errors: { file: 'Le fichier est vide.' } },
        { status: 422, headers: { 'content-type': 'application/problem+json; charset=utf-8' } },
      );
    const invalid = await rejection(uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'OTHER' }));
    expect(parseProblem(invalid)).toMatchObject({ status: 422, errors: { file: 'Le fichier est vide.' } });
    expect(ended).not.toHaveBeenCalled();
  });

  it("an archived organisation's 403 ends the session with its message", async () => {
    answer = () => problem(403, 'Votre organisation a été archivée.', 'urn:bourse-terres:problem:organization-archived');
    const error = await rejection(uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'OTHER' }));
    expect(isHTTPError(error) && error.response.status).toBe(403);
    expect(ended.mock.calls).toEqual([[{ reason: 'organization-archived', message: 'Votre organisation a été archivée.' }]]);
    expect(readSession().accessToken).toBeNull();
  });

  it('aborts: rejects with the AbortError and the request is cancelled', async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.post(`${API}/inquiries/:id/documents`, async () => {
        arrived();
        await delay('infinite');
        return new HttpResponse(null, { status: 500 });
      }),
    );
    const controller = new AbortController();
    const upload = uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'OTHER' }, { signal: controller.signal });
    await reached;
    controller.abort();
    const error = await rejection(upload);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');

    const already = new AbortController();
    already.abort();
    const before = FakeXhr.instances.length;
    expect(((await rejection(uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'OTHER' }, { signal: already.signal }))) as DOMException).name).toBe(
      'AbortError',
    );
    expect(FakeXhr.instances.length).toBe(before); // nothing was sent
  });

  it('a network failure rejects with ky NetworkError', async () => {
    server.use(http.post(`${API}/inquiries/:id/documents`, () => HttpResponse.error()));
    const error = await rejection(uploadInquiryDocumentWithProgress(INQUIRY, { file: pdf(), kind: 'OTHER' }));
    expect(isNetworkError(error)).toBe(true);
  });
});
