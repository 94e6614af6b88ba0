// orval's custom mutator: every generated function calls `customFetch(url, init)`.
// No React here, so the same functions work in route loaders and in hooks.
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
 * refresh on 401). Non-2xx answers throw ky's HTTPError, so react-query reports them as errors.
 */
export async function customFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const { headers, ...rest } = init;
  const response = await getHttp()(toApiPath(url), {
    ...rest,
    ...(headers === undefined ? {} : { headers: new Headers(headers) }),
  });
  return (await readBody(response)) as T;
}

export default customFetch;
