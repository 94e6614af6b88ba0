// Business constants and limits of spec §9, named once for the apps, the API and the maps.

export const OTP_LENGTH = 6;
/** The access token counts as expiring soon this close to its expiry. */
export const ACCESS_EXPIRING_SOON_MS = 5 * 60 * 1000;
export const TOAST_DURATION_MS = 5000;
/** Pause between the invitation's welcome toast and the redirect to /dashboard. */
export const INVITATION_REDIRECT_DELAY_MS = 500;

/** 5 MiB: the spec's "5 MB (5x1024x1024 bytes)". */
export const MAX_FILE_SIZE = 5 * 1024 * 1024;

export const MAX_COLLABORATORS = 5;
export const CREDITS_TOP_UP_MIN = 1;
export const CREDITS_TOP_UP_MAX = 999;

export const TEXT_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const LEGAL_FORM_MAX_LENGTH = 80;
export const PHONE_MIN_LENGTH = 6;
export const PHONE_MAX_LENGTH = 20;
export const SIRET_LENGTH = 14;
export const POSTCODE_INPUT_MAX_LENGTH = 5;
/** The organisation edit forms allow longer postcode inputs (the validator still wants 5 digits). */
export const POSTCODE_EDIT_MAX_LENGTH = 20;
export const PARCEL_ID_LENGTH = 14;
export const DEFAULT_COUNTRY = 'France';
/** Years after today that a listing's availability date may reach. */
export const DATE_WINDOW_YEARS = 2;
/** The wizard's surface input maximum, in hectares. */
export const SURFACE_MAX_HA = 1000;

export const MAP = {
  maxZoom: 16,
  defaultZoom: 13,
  adminMapZoom: 13,
  parcelZoom: 16,
  defaultCenter: [47.75, 7.33] as const,
  defaultHeight: 400,
  adminMapHeight: 600,
  /** Pins are drawn only below this zoom. */
  pinsBelowZoom: 13,
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
export const DEFAULT_PAGE_SIZE = 5;
export const TABLE_SEARCH_MIN_LENGTH = 2;

export const ADDRESS_SEARCH = {
  minLength: 3,
  limit: 5,
  debounceMs: 250,
} as const;
