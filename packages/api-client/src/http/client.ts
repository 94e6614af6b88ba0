// The one ky instance every generated call goes through (via src/mutator.ts).
// No React and no navigation here: an unrecoverable 401 is reported through `onUnauthorized`
// and the app's router decides where to go (STYLE, "API client").
import ky, { type KyInstance } from 'ky';
import { sessionStore, type LoginResponse, type StorageLike } from './session-store';

export interface ApiClientConfig {
  /**
   * API root including the version path, e.g. `http://localhost:3000/api/v1`. Request paths
   * are joined under it, with or without a leading slash (`/inquiries` -> `{baseUrl}/inquiries`).
   */
  baseUrl: string;
  /** Called once when the session is lost for good (spec §4): the app navigates to /login. */
  onUnauthorized: () => void;
  /** Fetch implementation for every call, including the refresh; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Session storage; defaults to `localStorage` (in-memory when absent). */
  storage?: StorageLike;
}

/** Thrown by `refreshSession()` when the refresh is impossible or refused; the session is then cleared. */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface SentRequest {
  /** Unsent copy of the request, so the body can be replayed after a refresh. */
  replay: Request;
  /** Access token the request went out with (null: none was stored). */
  token: string | null;
}

interface ClientState {
  config: ApiClientConfig;
  apiRoot: string;
  http: KyInstance;
  refreshInFlight: Promise<string> | undefined;
}

let state: ClientState | undefined;

const bearer = (token: string) => `Bearer ${token}`;

function doFetch(config: ApiClientConfig): typeof globalThis.fetch {
  // Looked up at call time so a fetch patched after configuration (msw, tests) is used.
  return (input, init) => (config.fetch ?? globalThis.fetch)(input, init);
}

function isLoginResponse(value: unknown): value is LoginResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.accessTokenExpirationDate === 'string' &&
    typeof v.refreshTokenExpirationDate === 'string' &&
    typeof v.user === 'object' &&
    v.user !== null
  );
}

function reportUnauthorized(current: ClientState): void {
  sessionStore.clearSession();
  try {
    current.config.onUnauthorized();
  } catch (error) {
    // The app's callback must not replace the HTTP error the caller is waiting for.
    console.error('onUnauthorized failed', error);
  }
}

/** POST {apiRoot}/auth/refresh with a plain fetch: it must never enter the 401 hook itself. */
async function callRefresh(current: ClientState): Promise<string> {
  const { refreshToken } = sessionStore.readSession();
  if (refreshToken === null || sessionStore.isRefreshTokenExpired()) {
    throw new SessionExpiredError('Refresh token missing or expired');
  }
  let response: Response;
  try {
    response = await doFetch(current.config)(`${current.apiRoot}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  } catch (error) {
    throw new SessionExpiredError(`Refresh failed: ${String(error)}`);
  }
  if (!response.ok) {
    // Not awaited: cancelling a body that is still being teed (msw, service workers) may never settle.
    void response.body?.cancel().catch(() => undefined);
    throw new SessionExpiredError(`Refresh refused (${response.status})`, response.status);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!isLoginResponse(body)) throw new SessionExpiredError('Refresh answer malformed', response.status);
  sessionStore.saveSession(body);
  return body.accessToken;
}

/**
 * Single flight: one refresh at a time; concurrent callers share its outcome. On failure the
 * session is cleared and `onUnauthorized` is called once for the whole batch.
 */
function refreshOnce(current: ClientState): Promise<string> {
  current.refreshInFlight ??= callRefresh(current)
    .catch((error: unknown) => {
      reportUnauthorized(current);
      throw error;
    })
    .finally(() => {
      current.refreshInFlight = undefined;
    });
  return current.refreshInFlight;
}

/**
 * The 401 flow of spec §4, once per request. Returns the replayed response, or undefined to let
 * the original 401 surface as ky's HTTPError.
 */
async function handleUnauthorized(current: ClientState, sent: SentRequest): Promise<Response | undefined> {
  let token: string;
  const stored = sessionStore.readSession().accessToken;
  if (current.refreshInFlight) {
    try {
      token = await current.refreshInFlight;
    } catch {
      return undefined; // the refresher already cleared the session and reported it
    }
  } else if (stored !== null && stored !== sent.token) {
    // A refresh (or a new sign-in) completed while this request was on its way: reuse its token.
    token = stored;
  } else if (stored === null && sent.token !== null) {
    // The session was cleared while this request was on its way; that loss was already reported.
    return undefined;
  } else {
    const { refreshToken } = sessionStore.readSession();
    if (refreshToken === null || sessionStore.isRefreshTokenExpired()) {
      reportUnauthorized(current);
      return undefined;
    }
    try {
      token = await refreshOnce(current);
    } catch {
      return undefined;
    }
  }

  sent.replay.headers.set('authorization', bearer(token));
  const replayed = await doFetch(current.config)(sent.replay);
  if (replayed.status === 401) {
    // Still refused with a fresh token: no second refresh, the session is gone.
    reportUnauthorized(current);
  }
  return replayed;
}

function createHttp(current: ClientState): KyInstance {
  const sent = new WeakMap<Request, SentRequest>();
  return ky.create({
    // ky 2 `prefix` joins paths (leading slash or not) under the API root; `baseUrl` would
    // resolve `/inquiries` against the origin and drop `/api/v1`.
    prefix: current.apiRoot,
    // Spec §7: no request timeout.
    timeout: false,
    // No automatic retries: the only replay is the one after a token refresh, done below.
    retry: 0,
    fetch: doFetch(current.config),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const { accessToken } = sessionStore.readSession();
          if (accessToken !== null) request.headers.set('authorization', bearer(accessToken));
          // Clone before ky sends it: a sent body cannot be read again.
          sent.set(request, { replay: request.clone(), token: accessToken });
        },
      ],
      afterResponse: [
        async ({ request, response }) => {
          if (response.status !== 401) return undefined;
          const entry = sent.get(request);
          if (!entry) return undefined;
          sent.delete(request);
          return handleUnauthorized(current, entry);
        },
      ],
    },
  });
}

/** Sets up (or replaces) the shared client. Call once at app start, before any request. */
export function configureApiClient(config: ApiClientConfig): KyInstance {
  if (config.storage !== undefined) sessionStore.setStorage(config.storage);
  const current: ClientState = {
    config,
    apiRoot: config.baseUrl.replace(/\/+$/, ''),
    http: undefined as unknown as KyInstance,
    refreshInFlight: undefined,
  };
  current.http = createHttp(current);
  state = current;
  return current.http;
}

function requireState(): ClientState {
  if (!state) throw new Error('API client not configured: call configureApiClient() at app start.');
  return state;
}

/** The configured ky instance (used by the orval mutator). */
export function getHttp(): KyInstance {
  return requireState().http;
}

/**
 * Refreshes the tokens now (shares an in-flight refresh). For an app that wants to renew a
 * session that is expiring soon (see `isAccessTokenExpiringSoon`) or restore one whose access
 * token expired while the refresh token is still valid. Resolves to the new access token; on
 * failure the session is cleared, `onUnauthorized` is called and it rejects.
 */
export function refreshSession(): Promise<string> {
  return refreshOnce(requireState());
}
