// Problem types (RFC 9457 `type`): one stable URI per kind of error, so that clients branch on
// the type, never on the French `detail` (which may be reworded). The API sends them; openapi.yaml
// `ProblemType` lists the same values (an API test keeps both equal). A problem without a more
// precise type gets its status's general one (`PROBLEM_TYPE_BY_STATUS`), or `about:blank`.

const urn = <K extends string>(kind: K) => `urn:bourse-terres:problem:${kind}` as const;

export const PROBLEM_TYPES = {
  // General kinds, one per status a client handles as such
  /** 400 and 422: the input breaks a rule; `errors` names the fields when known. */
  validation: urn('validation'),
  /** 401: no token, or a session that ended; sign in again (after a refresh, if one is possible). */
  unauthenticated: urn('unauthenticated'),
  /** 403: the role (or the missing organisation) does not allow it. */
  forbidden: urn('forbidden'),
  /** 404: unknown, or another organisation's (never told apart). */
  notFound: urn('not-found'),
  /** 409: the resource's state does not allow it now. */
  conflict: urn('conflict'),
  /** 413: the file or the body is too large. */
  tooLarge: urn('too-large'),
  /** 415: a file type or content type that is not accepted. */
  unsupportedType: urn('unsupported-type'),
  /** 429: too many requests; `Retry-After` says when to try again. */
  rateLimited: urn('rate-limited'),
  /** 503: the platform cannot do it now (database, storage, mail, busy workers); nothing was recorded. */
  unavailable: urn('unavailable'),
  // Precise kinds, for answers a client must tell apart from others of the same status
  /** 403 on every call of a user whose organisation was archived: the session is over for good. */
  organizationArchived: urn('organization-archived'),
  /** 409: the organisation's balance does not cover the listing's cost (validation or submission). */
  insufficientBalance: urn('insufficient-balance'),
  /** 409: the organisation already has MAX_COLLABORATORS collaborators (invitation or acceptance). */
  collaboratorLimit: urn('collaborator-limit'),
  /** 409: a listing already has the id the client chose. */
  idTaken: urn('id-taken'),
  /** 409: the listing is no longer a draft or a refused listing, so it (and its documents) cannot change. */
  notEditable: urn('not-editable'),
  /** 409: the status machine does not allow this move from the current status. */
  statusTransition: urn('status-transition'),
  /** 409: an address already belongs to an active account. */
  emailTaken: urn('email-taken'),
  /** 409: the Idempotency-Key already named another request. */
  idempotencyKeyReused: urn('idempotency-key-reused'),
  /** 422 on a load's carrier: it cannot be chosen that day (expired or missing receipt, archived, exemption). */
  carrierUnusable: urn('carrier-unusable'),
  /** 409: the load goes over the transfer's remaining expected volume; confirm to record it, flagged. */
  overRemainingVolume: urn('over-remaining-volume'),
  /** 409: the transfer cannot close while loads are in transit. */
  loadsInTransit: urn('loads-in-transit'),
  /** 409 on the transfer contract's generation: facts it states are missing; `missing` lists them (side, field, label). */
  contractFactsMissing: urn('contract-facts-missing'),
  /** 409 on a new draft: the organisation has as many drafts as the platform allows (issue 20). */
  draftLimit: urn('draft-limit'),
  /** 413: the upload would take the organisation past its storage quota (issue 20). */
  storageQuota: urn('storage-quota'),
} as const;

export type ProblemType = (typeof PROBLEM_TYPES)[keyof typeof PROBLEM_TYPES];

/** The general type of a status; statuses not named here (405, 500…) keep `about:blank`. */
export const PROBLEM_TYPE_BY_STATUS: Readonly<Record<number, ProblemType>> = {
  400: PROBLEM_TYPES.validation,
  401: PROBLEM_TYPES.unauthenticated,
  403: PROBLEM_TYPES.forbidden,
  404: PROBLEM_TYPES.notFound,
  409: PROBLEM_TYPES.conflict,
  413: PROBLEM_TYPES.tooLarge,
  415: PROBLEM_TYPES.unsupportedType,
  422: PROBLEM_TYPES.validation,
  429: PROBLEM_TYPES.rateLimited,
  503: PROBLEM_TYPES.unavailable,
};

/** The `type` a problem of `status` carries when nothing more precise is given. */
export function defaultProblemType(status: number): string {
  return PROBLEM_TYPE_BY_STATUS[status] ?? 'about:blank';
}

/** Whether a parsed problem (any shape with a `type`) is of `type`: what clients branch on. */
export function isProblemOfType(problem: { type?: unknown } | null | undefined, type: ProblemType): boolean {
  return problem?.type === type;
}
