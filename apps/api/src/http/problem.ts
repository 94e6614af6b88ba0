// RFC 9457 problem documents: the only error shape the API sends (CONTRACT §4). `title` is the
// English HTTP status phrase, `detail` a French sentence the portals show as is.
import { STATUS_CODES } from 'node:http';

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
  /** A URI naming the kind of problem; `about:blank` (the status says it all) by default. */
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

/** French wording when nothing more precise is known (also for Fastify's own 4xx errors). */
export const DEFAULT_DETAILS: Readonly<Record<number, string>> = {
  400: 'La requête est invalide.',
  401: 'Authentification requise. Veuillez vous connecter.',
  403: "Vous n'avez pas accès à cette ressource.",
  404: 'Ressource introuvable.',
  405: 'Méthode non autorisée pour cette ressource.',
  406: 'Format de réponse non disponible.',
  408: 'La requête a pris trop de temps.',
  409: "L'opération est en conflit avec l'état actuel de la ressource.",
  413: 'La requête dépasse la taille maximale autorisée.',
  414: "L'adresse demandée est trop longue.",
  415: 'Type de contenu non pris en charge.',
  422: 'Les données envoyées sont invalides.',
  429: 'Trop de requêtes. Veuillez réessayer plus tard.',
  431: 'Les en-têtes de la requête sont trop volumineux.',
  500: 'Une erreur interne est survenue.',
  503: 'Le service est momentanément indisponible.',
};

/**
 * Problem types more precise than `about:blank`, for answers a client must tell apart from
 * others of the same status (openapi.yaml `ProblemType` lists them; a test keeps both equal).
 */
export const PROBLEM_TYPES = {
  /** 403 on every call of a user whose organisation was archived: the session is over for good. */
  organizationArchived: 'urn:bourse-terres:problem:organization-archived',
} as const;

export const INTERNAL_ERROR_DETAIL = 'Une erreur interne est survenue.';

export function defaultDetail(status: number): string {
  return DEFAULT_DETAILS[status] ?? (status >= 500 ? INTERNAL_ERROR_DETAIL : 'La requête ne peut pas aboutir.');
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

/** `throw problem(409, 'Solde de crédits insuffisant.')` */
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
    type: options.type ?? 'about:blank',
    title: options.title ?? STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(instance === undefined ? {} : { instance }),
    ...(options.errors === undefined ? {} : { errors: options.errors }),
  };
}
