// Business constants and limits of spec §9, named once for the apps, the API and the maps.

export const OTP_LENGTH = 6;
/** The access token counts as expiring soon this close to its expiry. */
export const ACCESS_EXPIRING_SOON_MS = 5 * 60 * 1000;
/**
 * The request header the session-cookie calls (`POST /auth/refresh`, `POST /auth/logout`) must
 * carry (issue 20): a page of another site cannot add it without a CORS preflight the API refuses,
 * so a forged form or image cannot spend the browser's refresh cookie.
 */
export const SESSION_CSRF_HEADER = { name: 'X-Requested-With', value: 'terres' } as const;
export const TOAST_DURATION_MS = 5000;
/** Pause between the invitation's welcome toast and the redirect to /dashboard. */
export const INVITATION_REDIRECT_DELAY_MS = 500;

/** 5 MiB: the spec's "5 MB (5x1024x1024 bytes)". */
export const MAX_FILE_SIZE = 5 * 1024 * 1024;

export const MAX_COLLABORATORS = 5;
/**
 * Invitation e-mails (invitations and resends together), so the platform is no mail relay: one
 * per address a minute, a few per address and a bounded number per organisation over 24 hours.
 */
export const INVITATION_EMAIL_COOLDOWN_SECONDS = 60;
export const INVITATION_EMAILS_PER_ADDRESS_PER_DAY = 5;
export const INVITATION_EMAILS_PER_ORGANIZATION_PER_DAY = 20;
export const CREDITS_TOP_UP_MIN = 1;
export const CREDITS_TOP_UP_MAX = 999;

export const TEXT_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const LEGAL_FORM_MAX_LENGTH = 80;
export const PHONE_MIN_LENGTH = 6;
export const PHONE_MAX_LENGTH = 20;
/** An e-mail address's longest form (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
export const SIRET_LENGTH = 14;
/**
 * What a SIRET input takes: 14 digits and the separators of a pasted grouped form
 * ('440 021 230 01012'); a shorter limit would cut the paste before the separators go
 * (`normalizeSiret`), and the 14-digit rule decides.
 */
export const SIRET_INPUT_MAX_LENGTH = 20;
/** A postcode input: 5 digits and the separators of a pasted '68 100' or 'F-68100'. */
export const POSTCODE_INPUT_MAX_LENGTH = 10;
/** The organisation edit forms allow longer postcode inputs (the validator still wants 5 digits). */
export const POSTCODE_EDIT_MAX_LENGTH = 20;
export const PARCEL_ID_LENGTH = 14;
export const DEFAULT_COUNTRY = 'France';
/** Years after today that a listing's availability date may reach. */
export const DATE_WINDOW_YEARS = 2;
/** The wizard's surface input maximum, in hectares. */
export const SURFACE_MAX_HA = 1000;

// Bounded work per request (issue 12): what one listing, file or request may hold. The API
// refuses beyond (422 / 413 with the messages of ./messages.ts) and the forms stop there too.
/**
 * Material lines of one listing. A site's soil is described by a handful of lines (a material,
 * a quality, a class and a code each); 50 leaves room for a large multi-zone site while keeping
 * a listing's PDF, its matching and its register lines small.
 */
export const MAX_MATERIAL_LINES = 50;
/**
 * Cadastre parcels of one listing. A large earthworks site (a ZAC, a linear project) spans a
 * few hundred parcels; 500 covers them.
 */
export const MAX_PARCELS = 500;
/** A typed parcel id may carry spaces ('68 2240 00AB 0123'): the input's maximum length. */
export const PARCEL_ID_INPUT_MAX_LENGTH = 32;
/** An uploaded file's name, in characters (the usual file system limit). */
export const FILE_NAME_MAX_LENGTH = 255;
/** Tokens a client hands back (invitation, payment link): far above what the API signs. */
export const TOKEN_MAX_LENGTH = 2048;
/** Request bodies, in bytes. Most JSON bodies are a few hundred bytes; 32 KiB even holds every text field at its maximum length written as \u escapes. */
export const JSON_BODY_LIMIT = 32 * 1024;
/** A listing's create or edit body: the largest listing the limits allow is about 20 KB, 31 KB with every text character written as a \u escape. */
export const LISTING_BODY_LIMIT = 64 * 1024;
/** A multipart upload: the file (MAX_FILE_SIZE) plus its part headers and the `kind` field. */
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;
/** A Stripe event (a Checkout Session with its metadata is a few KiB). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** The register export writes at most this many lines (loads, transfers done outside the platform) at once. */
export const REGISTER_MAX_LINES = 20_000;

export const MAP = {
  maxZoom: 16,
  defaultZoom: 13,
  adminMapZoom: 13,
  parcelZoom: 16,
  defaultCenter: [47.75, 7.33] as const,
  defaultHeight: 400,
  adminMapHeight: 600,
  /**
   * Listing pins are drawn at this zoom and below (CONTRACT §11: the admin map opens at 13 and
   * must show them; spec §9's "only below 13" would hide them on arrival). Above it, parcels.
   */
  pinsMaxZoom: 13,
  recentreThreshold: 1e-7,
  parcelOpacity: 0.35,
  parcelViewerOpacity: 0.55,
} as const;

export const PAYMENT_POLLING = {
  intervalMs: 2000,
  timeoutMs: 30_000,
  maxChecks: 15,
  minWaitMs: 3000,
  confirmedWaitMs: 3000,
  countdownMs: 10_000,
  showElapsedAfterMs: 5000,
} as const;

export const PAGE_SIZES = [5, 10, 25] as const;
/** Admins work through queues: 25 rows a page unless they choose fewer (issue 21). */
export const DEFAULT_PAGE_SIZE = 25;
export const TABLE_SEARCH_MIN_LENGTH = 2;
/** The API's limits on list queries (`page_size`, `q`); the tables offer PAGE_SIZES. */
export const MAX_PAGE_SIZE = 100;
export const TABLE_SEARCH_MAX_LENGTH = 100;

export const ADDRESS_SEARCH = {
  minLength: 3,
  limit: 5,
  debounceMs: 250,
} as const;
