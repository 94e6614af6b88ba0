import { isHTTPError } from 'ky';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProblemType } from '../gen/model/problemType';
import {
  configureApiClient,
  getHttp,
  ORGANIZATION_ARCHIVED_PROBLEM_TYPE,
  refreshSession,
  SessionExpiredError,
  type SessionEndedEvent,
} from './client';
import { clearSession, createMemoryStorage, readSession, saveSession, type LoginResponse } from './session-store';

const API = 'http://api.test/api/v1';
const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const user = {
  id: 'u1',
  email: 'owner@demo.test',
  role: 'OWNER',
  firstName: 'Ana',
  lastName: 'Martin',
  phoneNumber: '0601020304',
  organizationId: 'o1',
};

const tokens = (access: string, refresh: string): LoginResponse => ({
  accessToken: access,
  refreshToken: refresh,
  accessTokenExpirationDate: iso(15 * 60_000),
  refreshTokenExpirationDate: iso(30 * 24 * HOUR),
  user,
});

const problem401 = () =>
  HttpResponse.json(
    { type: 'about:blank', status: 401, title: 'Unauthorized', detail: 'Jeton invalide ou expiré.' },
    { status: 401, headers: { 'content-type': 'application/problem+json' } },
  );

const ARCHIVED_TYPE = 'urn:bourse-terres:problem:organization-archived';
const ARCHIVED_DETAIL = 'Votre organisation a été archivée.';

const problem403 = (type = ARCHIVED_TYPE, detail = ARCHIVED_DETAIL) =>
  HttpResponse.json(
    { type, status: 403, title: 'Forbidden', detail },
    { status: 403, headers: { 'content-type': 'application/problem+json; charset=utf-8' } },
  );

const server = setupServer();
let storage: ReturnType<typeof createMemoryStorage>;
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;

/** What the fake API saw. */
let seen: { path: string; authorization: string | null; body: string }[];
/** Each refresh as sent: its body (the cookie is the browser's) and its CSRF header. */
let refreshBodies: { body: string; csrf: string | null }[];

/** Protected endpoints accept only these access tokens. */
let validTokens: Set<string>;

/** Answer of the fake /auth/refresh; 'ok' rotates to access-2 / refresh-2. */
let refreshMode: 'ok' | 'fail' | 'archived';
/** Lets the refresh wait until the test says so, to keep the concurrent case concurrent. */
let refreshGate: Promise<void>;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  storage = createMemoryStorage();
  onUnauthorized = vi.fn<() => void>();
  seen = [];
  refreshBodies = [];
  validTokens = new Set();
  refreshMode = 'ok';
  refreshGate = Promise.resolve();
  configureApiClient({ baseUrl: `${API}/`, onUnauthorized, storage });

  server.use(
    http.post(`${API}/auth/refresh`, async ({ request }) => {
      refreshBodies.push({ body: await request.text(), csrf: request.headers.get('x-requested-with') });
      await refreshGate;
      if (refreshMode === 'fail') return problem401();
      if (refreshMode === 'archived') return problem403();
      validTokens = new Set(['access-2']);
      return HttpResponse.json(tokens('access-2', 'refresh-2'));
    }),
    http.all(`${API}/protected/:name`, async ({ request, params }) => {
      const authorization = request.headers.get('authorization');
      seen.push({ path: String(params.name), authorization, body: await request.text() });
      const token = authorization?.replace(/^Bearer /, '') ?? '';
      if (!validTokens.has(token)) return problem401();
      return HttpResponse.json({ name: params.name, authorization, body: seen.at(-1)?.body });
    }),
    http.get(`${API}/echo`, ({ request }) =>
      HttpResponse.json({ authorization: request.headers.get('authorization') }),
    ),
  );
});

afterEach(() => server.resetHandlers());

const refreshCalls = () => refreshBodies.length;

async function expectHttpError(promise: Promise<unknown>, status: number) {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isHTTPError(error)).toBe(true);
  if (isHTTPError(error)) expect(error.response.status).toBe(status);
}

describe('bearer token', () => {
  it('sends the stored access token, for paths with or without a leading slash', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    await expect((await getHttp()).get('/echo').json()).resolves.toEqual({ authorization: 'Bearer access-1' });
    await expect((await getHttp()).get('echo').json()).resolves.toEqual({ authorization: 'Bearer access-1' });
  });

  it('sends no Authorization header without a session', async () => {
    await expect((await getHttp()).get('/echo').json()).resolves.toEqual({ authorization: null });
  });

  it('reads the token at each request (a new sign-in is picked up)', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    await (await getHttp()).get('/echo');
    saveSession(tokens('access-9', 'refresh-9'));
    await expect((await getHttp()).get('/echo').json()).resolves.toEqual({ authorization: 'Bearer access-9' });
  });
});

describe('no automatic retries', () => {
  it('does not retry a failed GET', async () => {
    let hits = 0;
    server.use(
      http.get(`${API}/flaky`, () => {
        hits += 1;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    await expectHttpError((await getHttp()).get('/flaky'), 503);
    expect(hits).toBe(1);
  });
});

describe('401 without a usable refresh token', () => {
  it("no renewable session (an earlier build's access token, no expiry): clears it, calls onUnauthorized once, throws the 401", async () => {
    storage.setItem('accessToken', 'access-1');
    storage.setItem('accessTokenExpirationDate', iso(HOUR));
    storage.setItem('user', JSON.stringify(user));

    await expectHttpError((await getHttp()).get('/protected/me'), 401);

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(storage.size).toBe(0);
    expect(refreshCalls()).toBe(0);
  });

  it('expired refresh token: same, and /auth/refresh is not called', async () => {
    saveSession({ ...tokens('access-1', 'refresh-1'), refreshTokenExpirationDate: iso(-1000) });

    await expectHttpError((await getHttp()).get('/protected/me'), 401);

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(readSession().accessToken).toBeNull();
    expect(storage.size).toBe(0);
    expect(refreshCalls()).toBe(0);
  });

  it('no session at all: onUnauthorized is called and the 401 surfaces', async () => {
    await expectHttpError((await getHttp()).get('/protected/me'), 401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(refreshCalls()).toBe(0);
  });
});

describe('401 with a valid refresh token', () => {
  it('refreshes, stores the new tokens and replays the request once with its body', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    const payload = { project_name: 'Chantier Mulhouse', quantity: 5.01, materials: [{ price: -5 }] };

    const answer = await (await getHttp()).post('/protected/inquiries', { json: payload }).json();

    expect(answer).toEqual({
      name: 'inquiries',
      authorization: 'Bearer access-2',
      body: JSON.stringify(payload),
    });
    // The refresh cookie is the credential (sent by the browser): no body, the CSRF header.
    expect(refreshBodies).toEqual([{ body: '', csrf: 'terres' }]);
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(seen.map((s) => s.body)).toEqual([JSON.stringify(payload), JSON.stringify(payload)]);
    expect(readSession()).toMatchObject({ accessToken: 'access-2', user });
    // No token is stored, not even the refresh token an answer might still name.
    expect(storage.getItem('accessToken')).toBeNull();
    expect(['user', 'refreshTokenExpirationDate', 'accessToken', 'refreshToken'].map((key) => storage.getItem(key) ?? '').join()).not.toMatch(/access-|refresh-/);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refresh refused: clears the session, calls onUnauthorized, throws the 401', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    refreshMode = 'fail';

    await expectHttpError((await getHttp()).delete('/protected/thing'), 401);

    expect(refreshCalls()).toBe(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(storage.size).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('a replay that gets 401 again does not refresh again', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    server.use(
      http.get(`${API}/protected/forbidden-forever`, ({ request }) => {
        seen.push({ path: 'forbidden-forever', authorization: request.headers.get('authorization'), body: '' });
        return problem401();
      }),
    );

    await expectHttpError((await getHttp()).get('/protected/forbidden-forever'), 401);

    expect(refreshCalls()).toBe(1);
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(storage.size).toBe(0);
  });

  it('the problem document of the final 401 reaches the caller', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    refreshMode = 'fail';
    const error: unknown = await (await getHttp())
      .get('/protected/me')
      .catch((e: unknown) => e);
    expect(isHTTPError(error) && error.data).toMatchObject({ detail: 'Jeton invalide ou expiré.' });
  });
});

describe('concurrent 401s (single-flight refresh)', () => {
  const names = ['a', 'b', 'c', 'd', 'e'];

  it('five parallel 401s make ONE refresh, then all five are replayed with the new token', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    let open!: () => void;
    refreshGate = new Promise((resolve) => (open = resolve));

    const http = await getHttp();
    const calls = names.map((name) =>
      http.post(`/protected/${name}`, { json: { name } }).json<{ authorization: string; body: string }>(),
    );
    // Hold the refresh until every first attempt has been answered 401.
    await vi.waitFor(() => expect(seen).toHaveLength(5));
    await delay(20);
    open();
    const answers = await Promise.all(calls);

    expect(refreshCalls()).toBe(1);
    expect(answers.map((a) => a.authorization)).toEqual(names.map(() => 'Bearer access-2'));
    expect(answers.map((a) => JSON.parse(a.body))).toEqual(names.map((name) => ({ name })));
    expect(seen.filter((s) => s.authorization === 'Bearer access-2')).toHaveLength(5);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(readSession().accessToken).toBe('access-2');
  });

  it('a 401 arriving after the refresh finished reuses the new token without refreshing again', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    let release!: () => void;
    const late = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/protected/slow`, async ({ request }) => {
        const authorization = request.headers.get('authorization');
        seen.push({ path: 'slow', authorization, body: '' });
        if (authorization === 'Bearer access-1') {
          await late;
          return problem401();
        }
        return HttpResponse.json({ authorization });
      }),
    );

    const slow = (await getHttp()).get('/protected/slow').json();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await (await getHttp()).get('/protected/fast'); // 401 -> refresh -> access-2
    release();

    await expect(slow).resolves.toEqual({ authorization: 'Bearer access-2' });
    expect(refreshCalls()).toBe(1);
  });

  it('a 401 arriving after a failed refresh fails without reporting the lost session twice', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    refreshMode = 'fail';
    let release!: () => void;
    const late = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${API}/protected/slow`, async ({ request }) => {
        seen.push({ path: 'slow', authorization: request.headers.get('authorization'), body: '' });
        await late;
        return problem401();
      }),
    );

    const slow = (await getHttp()).get('/protected/slow');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await expectHttpError((await getHttp()).get('/protected/fast'), 401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    release();

    await expectHttpError(slow, 401);
    expect(refreshCalls()).toBe(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('five parallel 401s with a failing refresh: ONE refresh, all five fail, onUnauthorized once', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    refreshMode = 'fail';
    let open!: () => void;
    refreshGate = new Promise((resolve) => (open = resolve));

    const http = await getHttp();
    const calls = names.map((name) => http.get(`/protected/${name}`));
    await vi.waitFor(() => expect(seen).toHaveLength(5));
    await delay(20);
    open();
    const results = await Promise.allSettled(calls);

    expect(refreshCalls()).toBe(1);
    expect(results.map((r) => r.status)).toEqual(names.map(() => 'rejected'));
    for (const result of results) {
      if (result.status === 'rejected') expect(isHTTPError(result.reason)).toBe(true);
    }
    // One report per lost session: waiters and late 401s do not report again.
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(storage.size).toBe(0);
    expect(seen).toHaveLength(5);
  });
});

describe('refreshSession', () => {
  it('renews the tokens on demand', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    await expect(refreshSession()).resolves.toBe('access-2');
    expect(readSession().accessToken).toBe('access-2');
  });

  it('rejects and reports when the refresh token is expired, without calling the API', async () => {
    saveSession({ ...tokens('access-1', 'refresh-1'), refreshTokenExpirationDate: iso(-1) });
    await expect(refreshSession()).rejects.toThrow(/expired/);
    expect(refreshCalls()).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('configuration', () => {
  it('uses the given fetch for requests and refresh', async () => {
    const calls: string[] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      calls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    configureApiClient({ baseUrl: API, onUnauthorized, storage, fetch: fetchSpy });
    saveSession(tokens('access-1', 'refresh-1'));
    await (await getHttp()).get('protected/x');
    expect(calls).toEqual([
      `${API}/protected/x`,
      `${API}/auth/refresh`,
      `${API}/protected/x`,
    ]);
  });
});

describe('session ended: onSessionEnded with the reason and the French message', () => {
  let ended: ReturnType<typeof vi.fn<(event: SessionEndedEvent) => void>>;

  beforeEach(() => {
    ended = vi.fn<(event: SessionEndedEvent) => void>();
    configureApiClient({ baseUrl: API, onUnauthorized, onSessionEnded: ended, storage });
    server.use(
      http.all(`${API}/archived/:name`, ({ request }) => {
        seen.push({ path: 'archived', authorization: request.headers.get('authorization'), body: '' });
        return problem403();
      }),
      http.get(`${API}/role-refused`, () => problem403('about:blank', "Seul le responsable de l'organisation peut la modifier.")),
    );
  });

  it("an archived organisation's 403 on any call clears the session and reports it once, with the detail", async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    const error: unknown = await (await getHttp())
      .get('/archived/me')
      .catch((e: unknown) => e);
    // The caller still gets the HTTP error, with the problem for problemMessage / parseProblem.
    expect(isHTTPError(error) && error.response.status).toBe(403);
    expect(isHTTPError(error) && error.data).toMatchObject({ type: ARCHIVED_TYPE, detail: ARCHIVED_DETAIL });
    expect(ended.mock.calls).toEqual([[{ reason: 'organization-archived', message: ARCHIVED_DETAIL }]]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(storage.size).toBe(0);
    expect(refreshCalls()).toBe(0);
  });

  it('several calls refused together report once', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    const http = await getHttp();
    const results = await Promise.allSettled(['a', 'b', 'c'].map((name) => http.get(`/archived/${name}`)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a refresh answered by the archived 403 ends the session with that reason', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    refreshMode = 'archived';
    await expectHttpError((await getHttp()).get('/protected/me'), 401);
    expect(ended.mock.calls).toEqual([[{ reason: 'organization-archived', message: ARCHIVED_DETAIL }]]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(storage.size).toBe(0);

    saveSession(tokens('access-1', 'refresh-1'));
    const error: unknown = await refreshSession().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toMatchObject({ reason: 'organization-archived', status: 403, detail: ARCHIVED_DETAIL });
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('a replay answered by the archived 403 ends the session too', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    server.use(
      http.get(`${API}/protected/late-archive`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer access-1' ? problem401() : problem403(),
      ),
    );
    await expectHttpError((await getHttp()).get('/protected/late-archive'), 403);
    expect(ended.mock.calls).toEqual([[{ reason: 'organization-archived', message: ARCHIVED_DETAIL }]]);
  });

  it('a lost session (refresh refused) reports reason unauthorized with the server detail', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    refreshMode = 'fail';
    await expectHttpError((await getHttp()).get('/protected/me'), 401);
    expect(ended.mock.calls).toEqual([[{ reason: 'unauthorized', message: 'Jeton invalide ou expiré.' }]]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('other 403s (a role refusal) and an archived 403 to a call without session change nothing', async () => {
    saveSession(tokens('access-1', 'refresh-1'));
    await expectHttpError((await getHttp()).get('/role-refused'), 403);
    expect(ended).not.toHaveBeenCalled();
    expect(readSession().accessToken).toBe('access-1');

    clearSession();
    // E.g. a sign-in attempt of an archived account: the sign-in page shows the error itself.
    await expectHttpError((await getHttp()).get('/archived/verify'), 403);
    expect(ended).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('works with onSessionEnded alone', async () => {
    configureApiClient({ baseUrl: API, onSessionEnded: ended, storage });
    saveSession(tokens('access-1', 'refresh-1'));
    await expectHttpError((await getHttp()).get('/archived/me'), 403);
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe('ORGANIZATION_ARCHIVED_PROBLEM_TYPE', () => {
  it('is the generated ProblemType.organizationArchived of openapi.yaml', () => {
    expect(ORGANIZATION_ARCHIVED_PROBLEM_TYPE).toBe(ProblemType.organizationArchived);
    expect(ARCHIVED_TYPE).toBe(ProblemType.organizationArchived);
  });
});
