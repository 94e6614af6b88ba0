// RFC 9457 problem documents (CONTRACT §4): the API's `detail` is French and shown as is.
import type { HTTPError } from 'ky';

export interface Problem {
  status: number;
  title: string;
  /** French, user-presentable message, when the server gave one. */
  detail: string | undefined;
  /** Per-field validation errors, when the server lists them. */
  errors?: unknown;
  type?: string;
}

export const UNKNOWN_STATUS = 'Inconnu';
export const UNKNOWN_DETAIL = 'Erreur inconnue';

/**
 * ky's HTTPError, told by its name as ky's own `isHTTPError` does across realms: this module is
 * on every screen and must not load ky (src/http/client.ts loads it at the first request).
 */
function isHTTPError(error: unknown): error is HTTPError {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error;
}

function asRecord(data: unknown): Record<string, unknown> | undefined {
  if (typeof data === 'string') {
    // A problem document served with a non-JSON content type reaches ky as text.
    try {
      return asRecord(JSON.parse(data));
    } catch {
      return undefined;
    }
  }
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    return data as Record<string, unknown>;
  }
  return undefined;
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The problem document of a failed call (ky's HTTPError, whose body ky already parsed into
 * `error.data`), or undefined for anything else (network error, bug).
 */
export function parseProblem(error: unknown): Problem | undefined {
  if (!isHTTPError(error)) return undefined;
  const data = asRecord(error.data);
  const status = error.response.status;
  const problem: Problem = {
    status,
    title: nonEmpty(data?.title) ?? error.response.statusText,
    detail: nonEmpty(data?.detail),
  };
  if (data && 'errors' in data && data.errors !== undefined) problem.errors = data.errors;
  const type = nonEmpty(data?.type);
  if (type !== undefined) problem.type = type;
  return problem;
}

/** The server's `detail` when present, else `fallback` (spec §8: "the server's detail message if present"). */
export function problemMessage(error: unknown, fallback: string): string {
  return parseProblem(error)?.detail ?? fallback;
}

/** Spec §8: `Erreur {status}: {detail}`, with 'Inconnu' and 'Erreur inconnue' as fallbacks. */
export function formatStatusError(error: unknown): string {
  const problem = parseProblem(error);
  const status = problem?.status ? String(problem.status) : UNKNOWN_STATUS;
  return `Erreur ${status}: ${problem?.detail ?? UNKNOWN_DETAIL}`;
}
