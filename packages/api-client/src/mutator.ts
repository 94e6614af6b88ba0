// orval's custom mutator: every generated function calls `customFetch(url, init)`.
// No React here, so the same functions work in route loaders and in hooks.
import { SESSION_CSRF_HEADER } from '@terres/domain';
import type { HTTPError } from 'ky';
import { getHttp } from './http/client';

/** The error react-query sees for a non-2xx answer: ky's HTTPError, body parsed in `data`. */
export type ErrorType<E> = HTTPError<E>;
/** Request bodies are passed through unchanged. */
export type BodyType<B> = B;

/** The versioned base path of the spec's `servers`; the ky instance's root already ends with it. */
const VERSIONED_PATH = '/api/v1';

/**
 * Maps a generated URL (`/api/v1/inquiries`, `/api/health`) onto the configured API root
 * (`{origin}/api/v1`, joined with ky's `prefix`): versioned paths lose their base path, the
 * few paths outside it (`/api/health`, `/api/dev/outbox`) go one level up. Absolute URLs pass.
 */
export function toApiPath(url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  if (url === VERSIONED_PATH || url.startsWith(`${VERSIONED_PATH}/`) || url.startsWith(`${VERSIONED_PATH}?`)) {
    return url.slice(VERSIONED_PATH.length).replace(/^\/+/, '');
  }
  if (url.startsWith('/api/')) return `../${url.slice('/api/'.length)}`;
  return url.replace(/^\/+/, '');
}

/**
 * The sign-in calls (`/auth/...`) send and receive the API's cookies (HttpOnly): the device
 * cookie, so a browser that signed in to an address before keeps a code budget of its own when a
 * stranger exhausts the address's (issue 12), and the session's refresh cookie, set by the
 * sign-in and each refresh, cleared by the sign-out (issue 20). The portals call the API from
 * another origin of the same site, so these calls go with `credentials: 'include'` (the API
 * allows it for its exact portal origins); every other call carries only the bearer token.
 */
export function credentialsFor(apiPath: string): RequestCredentials | undefined {
  return /^auth(?:[/?]|$)/.test(apiPath) ? 'include' : undefined;
}

/** The calls that spend or clear the refresh cookie carry the API's CSRF header (issue 20). */
export function sessionHeadersFor(apiPath: string): Record<string, string> {
  return /^auth\/(?:refresh|logout)\/?(?:[?]|$)/.test(apiPath) ? { [SESSION_CSRF_HEADER.name]: SESSION_CSRF_HEADER.value } : {};
}

const isJson = (contentType: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);

/** The parsed body: JSON, text, a Blob for files, undefined when there is none. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || response.status === 304) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (isJson(contentType)) {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }
  if (contentType.startsWith('text/')) return response.text();
  if (contentType === '' && response.headers.get('content-length') === '0') return undefined;
  const blob = await response.blob();
  return contentType === '' && blob.size === 0 ? undefined : blob;
}

/**
 * Sends the request through the shared ky instance (`getHttp()`: API root, bearer token,
 * refresh on 401) and answers the parsed body with the answer's headers (the lists' totals,
 * `X-Total-Count`, are read so: src/paged-lists.ts). Non-2xx answers throw ky's HTTPError.
 */
export async function customFetchWithHeaders<T>(url: string, init: RequestInit = {}): Promise<{ data: T; headers: Headers }> {
  const { headers, ...rest } = init;
  const path = toApiPath(url);
  const credentials = rest.credentials ?? credentialsFor(path);
  const sessionHeaders = sessionHeadersFor(path);
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(sessionHeaders)) merged.set(name, value);
  const response = await (await getHttp())(path, {
    ...rest,
    ...(credentials === undefined ? {} : { credentials }),
    ...(headers === undefined && Object.keys(sessionHeaders).length === 0 ? {} : { headers: merged }),
  });
  return { data: (await readBody(response)) as T, headers: response.headers };
}

/**
 * The generated functions' way out: the parsed body only. Non-2xx answers throw ky's
 * HTTPError, so react-query reports them as errors.
 */
export async function customFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  return (await customFetchWithHeaders<T>(url, init)).data;
}

export default customFetch;
