// RFC 9457 problem documents: the only error shape the API sends (CONTRACT §4). `title` is the
// English HTTP status phrase, `detail` a French sentence the portals show as is (always one of
// the domain's `messages`: a lint rule refuses a literal), `type` the kind of error clients
// branch on (the domain's PROBLEM_TYPES; by default its status's general kind).
import { STATUS_CODES } from 'node:http';
import { defaultDetail, defaultProblemType } from '@terres/domain';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The request path. */
  instance?: string;
  /** 400 and 422: field (snake_case, as sent) to French message. */
  errors?: Record<string, string>;
  [extension: string]: unknown;
}

export interface ProblemOptions {
  /** The domain's PROBLEM_TYPES entry naming the kind of problem; its status's general one by default. */
  type?: string;
  /** Defaults to the HTTP status phrase. */
  title?: string;
  /** Response headers, e.g. `{ 'retry-after': '60' }` with a 429. */
  headers?: Record<string, string>;
  /** Field to French message, for invalid input. */
  errors?: Record<string, string>;
  /** More members of the document (RFC 9457 extensions). */
  extensions?: Record<string, unknown>;
}

/**
 * Throw it from a route or hook to answer with a problem document; the error handler sends it
 * as is (including 5xx: its `detail` is written for users, unlike an unexpected error's message).
 */
export class HttpProblem extends Error {
  override name = 'HttpProblem';
  readonly status: number;
  readonly detail: string;
  readonly options: ProblemOptions;

  constructor(status: number, detail: string = defaultDetail(status), options: ProblemOptions = {}) {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`A problem has a 4xx or 5xx status, not ${status}`);
    }
    super(detail);
    this.status = status;
    this.detail = detail;
    this.options = options;
  }

  toDocument(instance?: string): ProblemDocument {
    return problemDocument(this.status, this.detail, this.options, instance);
  }
}

/** `throw problem(409, messages.insufficientBalance, { type: PROBLEM_TYPES.insufficientBalance })` */
export function problem(status: number, detail?: string, options?: ProblemOptions): HttpProblem {
  return new HttpProblem(status, detail, options);
}

export function problemDocument(
  status: number,
  detail: string,
  options: Omit<ProblemOptions, 'headers'> = {},
  instance?: string,
): ProblemDocument {
  return {
    ...options.extensions,
    type: options.type ?? defaultProblemType(status),
    title: options.title ?? STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(instance === undefined ? {} : { instance }),
    ...(options.errors === undefined ? {} : { errors: options.errors }),
  };
}
