// The only module that reads `process.env` (house rule). Everything else receives a `Config`.
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { createMatchingConfig, type MatchingConfig } from '@terres/domain';
import * as v from 'valibot';
import { repoRoot } from './paths.js';

const DEFAULT_MAIL_FROM = 'Bourse aux terres <no-reply@bourse-terres.test>';
const DEV_ADMIN_EMAILS = 'admin@demo.test';
const AUTH_SECRET_FILE = 'auth-secret';

const integer = (min: number, max: number) =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max));

const httpUrl = v.pipe(v.string(), v.trim(), v.url('must be a URL'), v.regex(/^https?:\/\//, 'must be an http(s) URL'));

const flag = v.picklist(['0', '1'], "must be '0' or '1'");

const decimal = v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/, 'must be a number (a dot before decimals)'), v.transform(Number));

/** Matching's settings (issue 11) by variable; each overrides the domain's documented default. */
const MATCHING_VARIABLES = {
  MATCH_RADIUS_KM: 'radiusKm',
  MATCH_DETOUR_FACTOR: 'detourFactor',
  MATCH_TRUCK_PAYLOAD_T: 'truckPayloadTonnes',
  MATCH_SOIL_DENSITY_T_PER_M3: 'soilDensityTonnesPerM3',
  MATCH_CO2_KG_PER_M3_KM: 'co2KgPerM3Km',
  MATCH_DISPOSAL_DISTANCE_KM: 'disposalDistanceKm',
} as const;

/** Every variable the API understands, as strings from the environment. Unknown ones are ignored. */
const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'test', 'production']), 'development'),
  PORT: v.optional(integer(0, 65_535), '3000'),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '127.0.0.1'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  // The login that owns the tables and runs the migrations, when DATABASE_URL's is another one
  // (a member of the runtime role `terres_api`, see README "Row-level security"). Unset: DATABASE_URL's.
  DATABASE_OWNER_URL: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// (la connexion propriétaire des tables, pour les migrations)')),
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '.data'),
  SMTP_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  // The dev outbox (mail kept in memory, listed at GET /api/dev/outbox to loopback clients):
  // only when asked for ('1', as `pnpm start` does) and only without SMTP_URL; never in production.
  DEV_OUTBOX: v.optional(flag, '0'),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), DEFAULT_MAIL_FROM),
  AUTH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ADMIN_EMAILS: v.optional(v.string()),
  ADVERTISER_PORTAL_URL: v.optional(httpUrl, 'http://localhost:5173'),
  ADMIN_CONSOLE_URL: v.optional(httpUrl, 'http://localhost:5174'),
  // Where browsers reach this API (no query, no fragment): every absolute link the API hands
  // out (payment links) is built on it, never on the request's Host. Unset: http://localhost:$PORT.
  API_PUBLIC_URL: v.optional(v.pipe(httpUrl, v.check((value) => !/[?#]/.test(value), 'must have no query or fragment'))),
  // Unset: no payment provider (the packs are listed, buying one answers 503). The simulator
  // credits without any payment: only when asked for (as `pnpm start` does), and refused in
  // production unless ALLOW_PAYMENT_SIMULATOR is '1'.
  PAYMENT_PROVIDER: v.optional(v.picklist(['simulator', 'stripe'], "must be 'simulator' or 'stripe'")),
  ALLOW_PAYMENT_SIMULATOR: v.optional(flag, '0'),
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.nonEmpty())),
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.nonEmpty())),
  // Another Stripe API endpoint (stripe-mock, or a local fake in tests); unset: Stripe's own.
  STRIPE_API_URL: v.optional(httpUrl),
  // The seller printed on invoices (demo identity by default).
  SELLER_NAME: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'Bourse aux terres SAS'),
  SELLER_SIRET: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{14}$/, 'must be 14 digits')), '12345678900017'),
  SELLER_ADDRESS: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '12 rue des Carrières, 68000 Colmar'),
  SELLER_VAT_NUMBER: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'FR40123456789'),
  DEMO_DATA: v.optional(flag, '0'),
  // On SIGTERM/SIGINT: how long the requests under way may take before the process exits anyway (1).
  SHUTDOWN_TIMEOUT_SECONDS: v.optional(integer(1, 600), '10'),
  // Slow clients (issue 20): a request's headers must arrive within HEADERS_TIMEOUT_SECONDS and
  // the whole request, body included, within REQUEST_TIMEOUT_SECONDS; past them Node answers 408
  // and closes the socket (Fastify's own default, 0, let a trickled body hold a socket for ever).
  // Drafts are free (issue 20): an organisation keeps at most this many (409 beyond).
  MAX_DRAFTS_PER_ORGANIZATION: v.optional(integer(1, 100_000), '50'),
  REQUEST_TIMEOUT_SECONDS: v.optional(integer(1, 3_600), '120'),
  HEADERS_TIMEOUT_SECONDS: v.optional(integer(1, 3_600), '20'),
  // Who may read GET /api/metrics: unset, clients on this machine only (loopback, no proxy
  // header); set, whoever sends `Authorization: Bearer <METRICS_TOKEN>` (and nobody else).
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.trim(), v.minLength(32, 'must be at least 32 characters'))),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  // `pretty` (pino-pretty, for a developer's terminal; the default when NODE_ENV=development) or
  // `json` (one object per line, for a log collector; the default otherwise).
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'], "must be 'json' or 'pretty'")),
  // Behind a reverse proxy: 'true' or a comma list of proxy addresses/CIDRs, so
  // that request.ip (per-IP limits, logs) is the client's, not the proxy's.
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  // Per-IP limits on one-time codes (CONTRACT §6), over a sliding window.
  OTP_REQUESTS_PER_IP: v.optional(integer(1, 1_000_000), '30'),
  OTP_CHECKS_PER_IP: v.optional(integer(1, 1_000_000), '60'),
  OTP_IP_WINDOW_SECONDS: v.optional(integer(1, 86_400), '600'),
  // Seconds during which a just-rotated refresh token answers the same new pair (two tabs
  // refreshing at once) instead of revoking its family; 0 turns the grace off.
  REFRESH_REUSE_GRACE_SECONDS: v.optional(integer(0, 60), '10'),
  // Read caches dropped by the database's change announcements (README "Hot path"). Unset: on,
  // except under NODE_ENV=test (tests that want it say so). PostgreSQL only.
  READ_CACHE: v.optional(flag),
  // Heavy work (PDFs, XLSX) in worker threads (issue 12): threads (0 renders in the request's
  // own thread), tasks allowed to wait for one (503 beyond), seconds one task may take.
  HEAVY_WORKERS: v.optional(integer(0, 64)),
  HEAVY_QUEUE: v.optional(integer(0, 10_000), '16'),
  HEAVY_TIMEOUT_SECONDS: v.optional(integer(1, 600), '30'),
  // Issue 20: places (running or waiting) one account may hold in that queue; one more is a 429.
  HEAVY_PER_ACCOUNT: v.optional(integer(1, 10_000), '2'),
  // Issue 20: what an organisation's uploads may take in storage, in Mo (MiB); one more is a 413.
  STORAGE_QUOTA_MB: v.optional(integer(1, 10_000_000), '500'),
  // Object storage (issue 13): with S3_BUCKET set, uploaded files and generated PDFs go to that
  // S3-compatible bucket (AWS S3, MinIO, Scaleway, OVHcloud, Garage...) instead of $DATA_DIR/files,
  // so that every API process reads what any of them stored. Unset: local disk.
  S3_BUCKET: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'doit être un nom de bucket S3 : 3 à 63 caractères, minuscules, chiffres, points et tirets')),
  ),
  S3_REGION: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9-]{2,40}$/, 'doit être un nom de région, par exemple eu-west-3 ou fr-par'))),
  // Another service than AWS's own (MinIO, Scaleway...): its URL, no path.
  S3_ENDPOINT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.url('doit être une URL'),
      v.regex(/^https?:\/\//, 'doit être une URL http(s)'),
      v.check((value) => URL.canParse(value) && /^\/?$/.test(new URL(value).pathname) && !/[?#]/.test(value), 'doit être une URL sans chemin, requête ni fragment'),
    ),
  ),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.nonEmpty())),
  // '1': https://endpoint/bucket/key (MinIO and most local servers need it); '0': https://bucket.endpoint/key.
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['0', '1'], "doit valoir '0' ou '1'"), '0'),
  // Matching (issue 11): unset keeps the domain's default (README "Matching").
  MATCH_RADIUS_KM: v.optional(decimal),
  MATCH_DETOUR_FACTOR: v.optional(decimal),
  MATCH_TRUCK_PAYLOAD_T: v.optional(decimal),
  MATCH_SOIL_DENSITY_T_PER_M3: v.optional(decimal),
  MATCH_CO2_KG_PER_M3_KM: v.optional(decimal),
  MATCH_DISPOSAL_DISTANCE_KM: v.optional(decimal),
});

export type EnvName = keyof v.InferInput<typeof EnvSchema>;
/**
 * Every variable the API reads, in the schema's order. Turbo's strict env mode drops any variable
 * its `passThroughEnv` lists do not name, so `apps/api/turbo.json` lists each of these for `start`
 * and `dev`; `test/env-names.test.ts` fails when one is missing.
 */
export const ENV_NAMES = Object.keys(EnvSchema.entries) as EnvName[];
/** Raw variables, as in the environment: what `loadConfig` accepts as overrides. */
export type EnvInput = Partial<Record<EnvName, string | undefined>>;

/** `none`: PAYMENT_PROVIDER unset, nothing can be bought (the packs' links answer 503). */
export type PaymentProvider = 'simulator' | 'stripe' | 'none';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  /** Set: node-postgres on that server. Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /**
   * The tables' owner, used only to migrate; unset: `databaseUrl`'s login migrates. Either way
   * every connection serving requests switches to the role `terres_api` (row-level security).
   */
  databaseOwnerUrl: string | undefined;
  /** Absolute. */
  dataDir: string;
  smtpUrl: string | undefined;
  /**
   * Where mail goes: `smtp` (SMTP_URL), `outbox` (DEV_OUTBOX=1 without SMTP_URL: kept in memory,
   * listed to loopback clients), `none` (neither, outside production: every send fails, 503).
   */
  mailTransport: 'smtp' | 'outbox' | 'none';
  mailFrom: string;
  authSecret: string;
  /** Lower-cased. */
  adminEmails: string[];
  /** Origins (no trailing slash), also the CORS allow-list. */
  advertiserPortalUrl: string;
  adminConsoleUrl: string;
  /** Where browsers reach the API (origin and optional path prefix, no trailing slash): links are built on it. */
  apiPublicUrl: string;
  /** Where a pack's link leads: the simulator's page, Stripe's, or (`none`) a 503. */
  paymentProvider: PaymentProvider;
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: string | undefined };
  /** The seller identity printed on invoices. */
  seller: { name: string; siret: string; address: string; vatNumber: string };
  demoData: boolean;
  logLevel: LogLevel;
  /** `pretty` in development unless LOG_FORMAT says otherwise; `json` elsewhere. */
  logFormat: 'json' | 'pretty';
  /** SIGTERM: the requests under way get this long, then the process exits 1. */
  shutdownTimeoutSeconds: number;
  /** An organisation's drafts stop at this many (POST /inquiries answers 409 `draft-limit`). */
  maxDraftsPerOrganization: number;
  /** Node's `requestTimeout` and `headersTimeout` (ms): a request (body included) and its headers must arrive within them. */
  requestTimeouts: { requestMs: number; headersMs: number };
  /** GET /api/metrics: bearer token required when set; loopback clients only when unset. */
  metricsToken: string | undefined;
  /** Fastify's `trustProxy`: false unless TRUST_PROXY is set. */
  trustProxy: boolean | string[];
  rateLimits: {
    otpRequestsPerIp: number;
    otpChecksPerIp: number;
    ipWindowSeconds: number;
  };
  /** After a rotation, the replaced refresh token answers the same pair for this long (0: never). */
  refreshReuseGraceSeconds: number;
  /** Sessions and listings kept in memory, dropped by the database's change announcements (PostgreSQL only). */
  readCache: boolean;
  /** The worker pool of src/heavy/ (PDFs, XLSX): threads (0: in the request's thread), queue, timeout. */
  heavyWork: { threads: number; queue: number; timeoutMs: number; perAccount: number };
  /** What an organisation's own uploads may take in storage (STORAGE_QUOTA_MB), in bytes. */
  storageQuotaBytes: number;
  /** The matching's constants: the domain's defaults with the MATCH_* overrides. */
  matching: MatchingConfig;
  /** Where files are stored: the S3-compatible bucket when S3_BUCKET is set, else `$DATA_DIR/files`. */
  s3: S3Config | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** Unset: the AWS SDK's default chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration. `overrides` win over `source` (the process environment
 * by default): tests pass `overrides` and, to ignore the developer's shell, `source = {}`.
 * Relative `DATA_DIR` is resolved from the repository root, never from the cwd.
 */
export function loadConfig(overrides: EnvInput = {}, source: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...pick(source), ...overrides })) {
    // An empty variable (`FOO=`) means unset, as in most shells' .env conventions.
    if (value !== undefined && value !== '') raw[name] = value;
  }

  const parsed = v.safeParse(EnvSchema, raw);
  if (!parsed.success) {
    const lines = parsed.issues.map((issue) => `- ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.output;
  const isProduction = env.NODE_ENV === 'production';

  const problems: string[] = [];
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
    problems.push("- DATABASE_OWNER_URL : sans DATABASE_URL, l'API utilise PGlite embarqué ; indiquez aussi DATABASE_URL (la connexion de l'API) ou retirez DATABASE_OWNER_URL");
  }
  if (isProduction && !env.AUTH_SECRET) problems.push('- AUTH_SECRET: required when NODE_ENV=production');
  if (isProduction && !env.SMTP_URL) {
    problems.push('- SMTP_URL: required when NODE_ENV=production (sign-in codes are e-mailed; there is no dev outbox in production)');
  }
  if (isProduction && env.DEV_OUTBOX === '1') {
    problems.push('- DEV_OUTBOX: the dev outbox shows every e-mail, sign-in codes included; it is refused when NODE_ENV=production');
  }
  if (isProduction && !env.API_PUBLIC_URL) {
    problems.push('- API_PUBLIC_URL: required when NODE_ENV=production (the address browsers reach the API by; payment links are built on it)');
  }
  if (isProduction && env.PAYMENT_PROVIDER === 'simulator' && env.ALLOW_PAYMENT_SIMULATOR !== '1') {
    problems.push(
      "- PAYMENT_PROVIDER: the simulator credits without any payment; use 'stripe' in production (or ALLOW_PAYMENT_SIMULATOR=1 on a demonstration server)",
    );
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY) problems.push('- STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
    if (!env.STRIPE_WEBHOOK_SECRET) problems.push('- STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
  }
  const s3 = s3Config(env, problems);
  const matching = matchingConfig(env, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(repoRoot, env.DATA_DIR);
  const adminEmails = (env.ADMIN_EMAILS ?? (isProduction ? '' : DEV_ADMIN_EMAILS))
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.length > 0);

  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databaseOwnerUrl: env.DATABASE_OWNER_URL,
    dataDir,
    smtpUrl: env.SMTP_URL,
    mailTransport: env.SMTP_URL ? 'smtp' : env.DEV_OUTBOX === '1' ? 'outbox' : 'none',
    mailFrom: env.MAIL_FROM,
    authSecret: env.AUTH_SECRET ?? devAuthSecret(dataDir),
    adminEmails,
    advertiserPortalUrl: new URL(env.ADVERTISER_PORTAL_URL).origin,
    adminConsoleUrl: new URL(env.ADMIN_CONSOLE_URL).origin,
    apiPublicUrl: publicUrl(env.API_PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    paymentProvider: env.PAYMENT_PROVIDER ?? 'none',
    stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL },
    seller: {
      name: env.SELLER_NAME,
      siret: env.SELLER_SIRET,
      address: env.SELLER_ADDRESS,
      vatNumber: env.SELLER_VAT_NUMBER,
    },
    demoData: env.DEMO_DATA === '1',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    maxDraftsPerOrganization: env.MAX_DRAFTS_PER_ORGANIZATION,
    // Node refuses a headers timeout longer than the request's: the shorter of the two.
    requestTimeouts: {
      requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: Math.min(env.HEADERS_TIMEOUT_SECONDS, env.REQUEST_TIMEOUT_SECONDS) * 1000,
    },
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    rateLimits: {
      otpRequestsPerIp: env.OTP_REQUESTS_PER_IP,
      otpChecksPerIp: env.OTP_CHECKS_PER_IP,
      ipWindowSeconds: env.OTP_IP_WINDOW_SECONDS,
    },
    refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
    readCache: env.READ_CACHE === undefined ? env.NODE_ENV !== 'test' : env.READ_CACHE === '1',
    heavyWork: {
      // One core stays with the event loop; at least one thread, at most 4 by default.
      threads: env.HEAVY_WORKERS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
      queue: env.HEAVY_QUEUE,
      timeoutMs: env.HEAVY_TIMEOUT_SECONDS * 1000,
      perAccount: env.HEAVY_PER_ACCOUNT,
    },
    storageQuotaBytes: env.STORAGE_QUOTA_MB * 1024 * 1024,
    matching: matching!,
    s3,
  };
}

/** The object storage settings, or undefined (local disk); French problems for what is missing. */
function s3Config(env: v.InferOutput<typeof EnvSchema>, problems: string[]): S3Config | undefined {
  const others = (['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET) {
    if (others.length > 0) {
      problems.push(`- S3_BUCKET: requis quand ${others.join(', ')} est défini (le stockage objet ne s'active qu'avec un bucket ; sans S3_*, les fichiers restent sur le disque local)`);
    }
    return undefined;
  }
  if (!env.S3_REGION) problems.push('- S3_REGION: requis avec S3_BUCKET (par exemple eu-west-3 ; us-east-1 pour la plupart des serveurs MinIO)');
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) problems.push('- S3_SECRET_ACCESS_KEY: requis avec S3_ACCESS_KEY_ID');
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) problems.push('- S3_ACCESS_KEY_ID: requis avec S3_SECRET_ACCESS_KEY');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? '',
    endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
  };
}

/** The domain's matching configuration with the MATCH_* overrides, each checked by the domain's rule. */
function matchingConfig(env: Partial<Record<keyof typeof MATCHING_VARIABLES, number>>, problems: string[]): MatchingConfig | undefined {
  const overrides: Record<string, number> = {};
  for (const [name, key] of Object.entries(MATCHING_VARIABLES)) {
    const value = env[name as keyof typeof MATCHING_VARIABLES];
    if (value === undefined) continue;
    try {
      createMatchingConfig({ [key]: value });
      overrides[key] = value;
    } catch (error) {
      const message = error instanceof v.ValiError ? error.issues[0].message : String(error);
      problems.push(`- ${name}: ${message}`);
    }
  }
  return problems.length > 0 ? undefined : createMatchingConfig(overrides);
}

/** Origin plus path prefix, without the trailing slash: `${apiPublicUrl}/api/v1/...` is a link. */
function publicUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** TRUST_PROXY as Fastify's `trustProxy`: false, true, or the proxies' addresses. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
}

/** Only the variables of the schema: the rest of the environment never reaches validation. */
function pick(source: Record<string, string | undefined>): EnvInput {
  const out: EnvInput = {};
  for (const name of ENV_NAMES) out[name] = source[name];
  return out;
}

/**
 * Development secret: random once per data directory, then kept in `$DATA_DIR/auth-secret`, so
 * sessions survive restarts and a fresh data dir gets a fresh secret. Never used in production.
 */
function devAuthSecret(dataDir: string): string {
  const file = join(dataDir, AUTH_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start on a new data dir at once, the first writer wins.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32) throw new ConfigError(`${file} holds no usable secret: delete it or set AUTH_SECRET`);
    return stored;
  }
}
