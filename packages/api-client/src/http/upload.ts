// A document upload that reports its progress. fetch cannot report upload progress (request
// streams need HTTP/2 and are not in every browser), XMLHttpRequest can. Everything else is the
// generated call's behaviour: the session's bearer token, the 401 flow (one refresh shared with
// the other calls, then one retry), the archived organisation's 403 ending the session, ky's
// HTTPError for a refusal (so `problemMessage` / `parseProblem` read it) and an AbortSignal.
import type * as Ky from 'ky';
import type { HTTPError, NormalizedOptions } from 'ky';
import type { Document } from '../gen/model/document';
import type { DocumentKind } from '../gen/model/documentKind';
import { bearer, checkArchived, checkRetried, requireState, tokenAfterUnauthorized } from './client';
import { sessionStore } from './session-store';

export interface UploadDocumentInput {
  /** A browser File (its name is sent) or any Blob with `fileName`. */
  file: Blob;
  kind: DocumentKind;
  /** The name the API keeps for the download; defaults to the File's own name. */
  fileName?: string;
}

export interface UploadProgressOptions {
  /**
   * Called with the fraction sent, 0 to 1 (never decreasing within one attempt; a retry after a
   * token refresh starts again from 0). 1 is reported once the API has answered successfully.
   */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects with the signal's reason (an AbortError by default), like fetch. */
  signal?: AbortSignal;
}

interface Attempt {
  request: Request;
  response: Response;
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header the Headers class refuses cannot matter to us.
    }
  }
  return headers;
}

/** ky's error classes, loaded with ky (src/http/client.ts: not with the app). */
type KyErrors = Pick<typeof Ky, 'HTTPError' | 'NetworkError'>;

function send(ky: KyErrors, url: string, form: FormData, token: string | null, options: UploadProgressOptions): Promise<Attempt> {
  const request = new Request(url, { method: 'POST', headers: token === null ? {} : { authorization: bearer(token) } });
  return new Promise<Attempt>((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token !== null) xhr.setRequestHeader('authorization', bearer(token));
    if (onProgress) {
      let last = -1;
      xhr.upload.onprogress = (event: ProgressEvent) => {
        if (!event.lengthComputable || event.total <= 0) return;
        // The 1 is kept for the answer: the server may still refuse the file.
        const fraction = Math.min(event.loaded / event.total, 0.99);
        if (fraction > last) {
          last = fraction;
          onProgress(fraction);
        }
      };
    }
    xhr.onload = () => {
      settle();
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
      const response = new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: parseHeaders(xhr.getAllResponseHeaders()) });
      resolve({ request, response });
    };
    xhr.onerror = () => {
      settle();
      reject(new ky.NetworkError(request, { cause: new TypeError('Network request failed') }));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.aborted ? abortReason(signal) : new DOMException('This operation was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(form);
  });
}

/** ky's HTTPError for a refused upload, its body parsed into `data` as ky does. */
async function httpError(ky: KyErrors, { request, response }: Attempt): Promise<HTTPError> {
  const error = new ky.HTTPError(response, request, { method: 'POST' } as NormalizedOptions);
  const text = await response.text();
  let data: unknown = text === '' ? undefined : text;
  if (text !== '' && /json/i.test(response.headers.get('content-type') ?? '')) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  error.data = data;
  return error;
}

/**
 * `POST /inquiries/{id}/documents` (multipart `file` + `kind`) with upload progress. Resolves to
 * the stored Document; rejects with ky's HTTPError (413, 415, 409, 422... with the French
 * detail), a NetworkError, or the abort reason.
 */
export async function uploadInquiryDocumentWithProgress(
  inquiryId: string,
  input: UploadDocumentInput,
  options: UploadProgressOptions = {},
): Promise<Document> {
  const current = requireState();
  const ky = await import('ky');
  const url = `${current.apiRoot}/inquiries/${encodeURIComponent(inquiryId)}/documents`;
  const form = new FormData();
  form.append('kind', input.kind);
  const ownName = typeof File !== 'undefined' && input.file instanceof File ? input.file.name : undefined;
  form.append('file', input.file, input.fileName ?? ownName ?? 'fichier');

  const sentToken = sessionStore.readSession().accessToken;
  let attempt = await send(ky, url, form, sentToken, options);
  if (attempt.response.status === 401) {
    const token = await tokenAfterUnauthorized(current, sentToken, attempt.response);
    if (token === undefined) throw await httpError(ky, attempt);
    attempt = await send(ky, url, form, token, options);
    await checkRetried(current, attempt.response, token);
  } else {
    await checkArchived(current, attempt.response, sentToken);
  }
  if (!attempt.response.ok) throw await httpError(ky, attempt);
  const document = (await attempt.response.json()) as Document;
  options.onProgress?.(1);
  return document;
}
