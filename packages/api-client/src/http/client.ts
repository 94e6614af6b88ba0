// The one ky instance every generated call goes through (via src/mutator.ts). ky itself is
// loaded at the first request, not with the app: the sign-in screen paints without it (issue 21,
// the /login budget), and its first call waits for it once.
// No React and no navigation here: a session lost for good (an unrecoverable 401, or the 403 of
// an archived organisation) is reported through `onSessionEnded` / `onUnauthorized` and the
// app's router decides where to go (STYLE, "API client").
import { PROBLEM_TYPES, SESSION_CSRF_HEADER } from '@terres/domain';
import type { KyInstance } from 'ky';
import { sessionStore, type LoginResponse, type StorageLike } from './session-store';

/**
 * The domain's `PROBLEM_TYPES.organizationArchived`, openapi.yaml `ProblemType.organizationArchived`
 * (a test pins both equal). Not imported from src/gen: orval bundles this module with the mutator
 * while src/gen is being rewritten.
 */
export const ORGANIZATION_ARCHIVED_PROBLEM_TYPE = PROBLEM_TYPES.organizationArchived;

/**
 * Why a session ended: `unauthorized` (no refresh possible, refresh refused, or still 401 after
 * it), `organization-archived` (403 of type `ProblemType.organizationArchived`, CONTRACT §6).
 */
export type SessionEndReason = 'unauthorized' | 'organization-archived';

export interface SessionEndedEvent {
  reason: SessionEndReason;
  /**
   * The server's French `detail` when it gave one ('Votre organisation a été archivée.',
   * 'Session expirée. Veuillez vous reconnecter.'), for the sign-in page to show.
   */
  message: string | undefined;
}

export interface ApiClientConfig {
  /**
   * API root including the version path, e.g. `http://localhost:3000/api/v1`. Request paths
   * are joined under it, with or without a leading slash (`/inquiries` -> `{baseUrl}/inquiries`).
   */
  baseUrl: string;
  /**
   * Called once when the session is lost for good, whatever the reason (spec §4): the app
   * navigates to /login. Kept for apps that need no reason; see `onSessionEnded`.
   */
  onUnauthorized?: () => void;
  /**
   * Called once when the session is lost for good, with the reason and the server's message
   * (before `onUnauthorized`, if both are set). The session is already cleared.
   */
  onSessionEnded?: (event: SessionEndedEvent) => void;
  /** Fetch implementation for every call, including the refresh; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Where the tabs share the session (no token); defaults to `localStorage` (in-memory when absent). */
  storage?: StorageLike;
}

/** Thrown by `refreshSession()` when the refresh is impossible or refused; the session is then cleared. */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
  constructor(
    message: string,
    readonly status?: number,
    readonly reason: SessionEndReason = 'unauthorized',
    /** The server's French detail, when the refresh was refused with one. */
    readonly detail?: string,
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

export interface ClientState {
  config: ApiClientConfig;
  apiRoot: string;
  /** The ky instance, made at the first request (ky is loaded then). */
  http: Promise<KyInstance> | undefined;
  refreshInFlight: Promise<string> | undefined;
}

let state: ClientState | undefined;

export const bearer = (token: string) => `Bearer ${token}`;

function doFetch(config: ApiClientConfig): typeof globalThis.fetch {
  // Looked up at call time so a fetch patched after configuration (msw, tests) is used.
  return (input, init) => (config.fetch ?? globalThis.fetch)(input, init);
}

function isLoginResponse(value: unknown): value is LoginResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' &&
    typeof v.accessTokenExpirationDate === 'string' &&
    typeof v.refreshTokenExpirationDate === 'string' &&
    typeof v.user === 'object' &&
    v.user !== null
  );
}

/** Clears the session and tells the app, once per loss (callers check it was not already cleared). */
function endSession(current: ClientState, event: SessionEndedEvent): void {
  sessionStore.clearSession();
  // The app's callbacks must not replace the HTTP error the caller is waiting for.
  try {
    current.config.onSessionEnded?.(event);
  } catch (error) {
    console.error('onSessionEnded failed', error);
  }
  try {
    current.config.onUnauthorized?.();
  } catch (error) {
    console.error('onUnauthorized failed', error);
  }
}

function reportUnauthorized(current: ClientState, message?: string): void {
  endSession(current, { reason: 'unauthorized', message });
}

const isJsonType = (contentType: string | null) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '');

/** The problem document of an error answer, read from a copy (the caller's body stays unread). */
async function peekProblem(response: Response): Promise<{ type?: unknown; detail?: unknown } | undefined> {
  if (!isJsonType(response.headers.get('content-type'))) return undefined;
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null ? (body as { type?: unknown; detail?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

const detailOf = (problem: { detail?: unknown } | undefined) =>
  typeof problem?.detail === 'string' && problem.detail.trim() !== '' ? problem.detail : undefined;

/** The detail of a 403 whose type says the caller's organisation was archived, else undefined. */
async function archivedOrganization(response: Response): Promise<{ message: string | undefined } | undefined> {
  if (response.status !== 403) return undefined;
  const problem = await peekProblem(response);
  return problem?.type === ORGANIZATION_ARCHIVED_PROBLEM_TYPE ? { message: detailOf(problem) } : undefined;
}

/**
 * Ends the session on the archived organisation's 403 to a request that carried a session
 * token (a sign-in attempt carries none: its page shows the error itself). Several requests
 * refused together report once: the first clears the session, the others see it gone.
 */
export async function checkArchived(current: ClientState, response: Response, sentToken: string | null): Promise<void> {
  if (sentToken === null) return;
  const archived = await archivedOrganization(response);
  if (!archived || sessionStore.readSession().accessToken === null) return;
  endSession(current, { reason: 'organization-archived', message: archived.message });
}

/**
 * POST {apiRoot}/auth/refresh with a plain fetch (it must never enter the 401 hook itself): the
 * refresh token is the HttpOnly cookie the browser sends (`credentials: 'include'`), with the
 * CSRF header the API requires. Once, a refresh token an earlier build left in localStorage
 * goes in the body instead, and the answer moves it into the cookie.
 */
async function callRefresh(current: ClientState): Promise<string> {
  const legacy = sessionStore.takeLegacyRefreshToken();
  if (legacy === null && sessionStore.isRefreshTokenExpired()) {
    throw new SessionExpiredError('Refresh token missing or expired');
  }
  let response: Response;
  try {
    response = await doFetch(current.config)(`${current.apiRoot}/auth/refresh`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        accept: 'application/json',
        [SESSION_CSRF_HEADER.name]: SESSION_CSRF_HEADER.value,
        ...(legacy === null ? {} : { 'content-type': 'application/json' }),
      },
      ...(legacy === null ? {} : { body: JSON.stringify({ refresh_token: legacy }) }),
    });
  } catch (error) {
    throw new SessionExpiredError(`Refresh failed: ${String(error)}`);
  }
  if (!response.ok) {
    const problem = await peekProblem(response);
    // Not awaited: cancelling a body that is still being teed (msw, service workers) may never settle.
    void response.body?.cancel().catch(() => undefined);
    const reason = response.status === 403 && problem?.type === ORGANIZATION_ARCHIVED_PROBLEM_TYPE ? 'organization-archived' : 'unauthorized';
    throw new SessionExpiredError(`Refresh refused (${response.status})`, response.status, reason, detailOf(problem));
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!isLoginResponse(body)) throw new SessionExpiredError('Refresh answer malformed', response.status);
  sessionStore.saveSession(body);
  return body.accessToken;
}

/**
 * Single flight: one refresh at a time; concurrent callers share its outcome. On failure the
 * session is cleared and reported once for the whole batch (with the archived organisation's
 * reason when the refresh answered that).
 */
function refreshOnce(current: ClientState): Promise<string> {
  current.refreshInFlight ??= callRefresh(current)
    .catch((error: unknown) => {
      if (error instanceof SessionExpiredError) {
        endSession(current, { reason: error.reason, message: error.detail });
      } else {
        reportUnauthorized(current);
      }
      throw error;
    })
    .finally(() => {
      current.refreshInFlight = undefined;
    });
  return current.refreshInFlight;
}

/**
 * The token to retry a request refused with 401 (spec §4, once per request): the one of a
 * refresh in flight or just completed, else a new one from `refreshOnce`. Undefined when the
 * session is gone (already reported, or reported here): the 401 then surfaces to the caller.
 */
export async function tokenAfterUnauthorized(
  current: ClientState,
  sentToken: string | null,
  refused: Response,
): Promise<string | undefined> {
  const stored = sessionStore.readSession().accessToken;
  if (current.refreshInFlight) {
    try {
      return await current.refreshInFlight;
    } catch {
      return undefined; // the refresher already cleared the session and reported it
    }
  }
  // A refresh (or a new sign-in) completed while this request was on its way: reuse its token.
  if (stored !== null && stored !== sentToken) return stored;
  // The session was cleared while this request was on its way; that loss was already reported.
  if (stored === null && sentToken !== null && sessionStore.readSession().user === null) return undefined;
  if (sessionStore.isRefreshTokenExpired()) {
    reportUnauthorized(current, detailOf(await peekProblem(refused)));
    return undefined;
  }
  try {
    return await refreshOnce(current);
  } catch {
    return undefined;
  }
}

/**
 * After the one retry with a fresh token: still 401 means the session is gone (no second
 * refresh); the archived organisation's 403 ends it too.
 */
export async function checkRetried(current: ClientState, retried: Response, token: string): Promise<void> {
  if (retried.status === 401) {
    if (sessionStore.readSession().accessToken !== null) reportUnauthorized(current, detailOf(await peekProblem(retried)));
    return;
  }
  await checkArchived(current, retried, token);
}

/**
 * The 401 flow of spec §4, once per request. Returns the replayed response, or undefined to let
 * the original 401 surface as ky's HTTPError.
 */
async function handleUnauthorized(current: ClientState, sent: SentRequest, refused: Response): Promise<Response | undefined> {
  const token = await tokenAfterUnauthorized(current, sent.token, refused);
  if (token === undefined) return undefined;
  sent.replay.headers.set('authorization', bearer(token));
  const replayed = await doFetch(current.config)(sent.replay);
  await checkRetried(current, replayed, token);
  return replayed;
}

async function createHttp(current: ClientState): Promise<KyInstance> {
  const { default: ky } = await import('ky');
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
          const entry = sent.get(request);
          if (!entry) return undefined;
          sent.delete(request);
          if (response.status === 401) return handleUnauthorized(current, entry, response);
          await checkArchived(current, response, entry.token);
          return undefined;
        },
      ],
    },
  });
}

/** Sets up (or replaces) the shared client. Call once at app start, before any request. */
export function configureApiClient(config: ApiClientConfig): void {
  if (config.storage !== undefined) sessionStore.setStorage(config.storage);
  state = {
    config,
    apiRoot: config.baseUrl.replace(/\/+$/, ''),
    http: undefined,
    refreshInFlight: undefined,
  };
  // A signed-in visit's first calls need ky at once: load it with the app, not after them.
  if (sessionStore.readSession().user !== null) getHttp().catch(() => undefined);
}

/** The configured client (for the other hand-written calls of this folder). */
export function requireState(): ClientState {
  if (!state) throw new Error('API client not configured: call configureApiClient() at app start.');
  return state;
}

/** The configured ky instance (used by the orval mutator), made at its first use. */
export function getHttp(): Promise<KyInstance> {
  const current = requireState();
  // A failed load (the network, a new deployment's files) is tried again at the next call.
  current.http ??= createHttp(current).catch((error: unknown) => {
    if (state === current) current.http = undefined;
    throw error;
  });
  return current.http;
}

/**
 * Refreshes the tokens now (shares an in-flight refresh). For an app that wants to renew a
 * session that is expiring soon (see `isAccessTokenExpiringSoon`) or restore one whose access
 * token expired while the refresh token is still valid. Resolves to the new access token; on
 * failure the session is cleared, `onSessionEnded` and `onUnauthorized` are called and it
 * rejects with a `SessionExpiredError` (its `reason` says why).
 */
export function refreshSession(): Promise<string> {
  return refreshOnce(requireState());
}
