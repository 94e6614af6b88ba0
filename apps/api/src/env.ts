// The only module that reads `process.env` (house rule). Everything else receives a `Config`.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import * as v from 'valibot';
import { repoRoot } from './paths.js';

const DEFAULT_MAIL_FROM = 'Bourse aux terres <no-reply@bourse-terres.test>';
const DEV_ADMIN_EMAILS = 'admin@demo.test';
const AUTH_SECRET_FILE = 'auth-secret';

const integer = (min: number, max: number) =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max));

const httpUrl = v.pipe(v.string(), v.trim(), v.url('must be a URL'), v.regex(/^https?:\/\//, 'must be an http(s) URL'));

const flag = v.picklist(['0', '1'], "must be '0' or '1'");

/** Every variable the API understands, as strings from the environment. Unknown ones are ignored. */
const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'test', 'production']), 'development'),
  PORT: v.optional(integer(0, 65_535), '3000'),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '127.0.0.1'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '.data'),
  SMTP_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), DEFAULT_MAIL_FROM),
  AUTH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ADMIN_EMAILS: v.optional(v.string()),
  ADVERTISER_PORTAL_URL: v.optional(httpUrl, 'http://localhost:5173'),
  ADMIN_CONSOLE_URL: v.optional(httpUrl, 'http://localhost:5174'),
  PAYMENT_PROVIDER: v.optional(v.picklist(['simulator', 'stripe'], "must be 'simulator' or 'stripe'"), 'simulator'),
  // The simulator credits without any payment: refused in production unless this is '1'.
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
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  // Behind a reverse proxy: 'true' or a comma list of proxy addresses/CIDRs, so
  // that request.ip (per-IP limits, logs) is the client's, not the proxy's.
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  // Per-IP limits on one-time codes (CONTRACT §6), over a sliding window.
  OTP_REQUESTS_PER_IP: v.optional(integer(1, 1_000_000), '30'),
  OTP_CHECKS_PER_IP: v.optional(integer(1, 1_000_000), '60'),
  OTP_IP_WINDOW_SECONDS: v.optional(integer(1, 86_400), '600'),
});

export type EnvName = keyof v.InferInput<typeof EnvSchema>;
/** Raw variables, as in the environment: what `loadConfig` accepts as overrides. */
export type EnvInput = Partial<Record<EnvName, string | undefined>>;

export type PaymentProvider = 'simulator' | 'stripe';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  /** Set: node-postgres on that server. Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Absolute. */
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  /** Lower-cased. */
  adminEmails: string[];
  /** Origins (no trailing slash), also the CORS allow-list. */
  advertiserPortalUrl: string;
  adminConsoleUrl: string;
  paymentProvider: PaymentProvider;
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: string | undefined };
  /** The seller identity printed on invoices. */
  seller: { name: string; siret: string; address: string; vatNumber: string };
  demoData: boolean;
  logLevel: LogLevel;
  /** Fastify's `trustProxy`: false unless TRUST_PROXY is set. */
  trustProxy: boolean | string[];
  rateLimits: {
    otpRequestsPerIp: number;
    otpChecksPerIp: number;
    ipWindowSeconds: number;
  };
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
  if (isProduction && !env.AUTH_SECRET) problems.push('- AUTH_SECRET: required when NODE_ENV=production');
  if (isProduction && env.PAYMENT_PROVIDER === 'simulator' && env.ALLOW_PAYMENT_SIMULATOR !== '1') {
    problems.push(
      "- PAYMENT_PROVIDER: the simulator credits without any payment; use 'stripe' in production (or ALLOW_PAYMENT_SIMULATOR=1 on a demonstration server)",
    );
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY) problems.push('- STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
    if (!env.STRIPE_WEBHOOK_SECRET) problems.push('- STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
  }
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
    dataDir,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    authSecret: env.AUTH_SECRET ?? devAuthSecret(dataDir),
    adminEmails,
    advertiserPortalUrl: new URL(env.ADVERTISER_PORTAL_URL).origin,
    adminConsoleUrl: new URL(env.ADMIN_CONSOLE_URL).origin,
    paymentProvider: env.PAYMENT_PROVIDER,
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
    rateLimits: {
      otpRequestsPerIp: env.OTP_REQUESTS_PER_IP,
      otpChecksPerIp: env.OTP_CHECKS_PER_IP,
      ipWindowSeconds: env.OTP_IP_WINDOW_SECONDS,
    },
  };
}

/** Only the variables of the schema: the rest of the environment never reaches validation. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
}

function pick(source: Record<string, string | undefined>): EnvInput {
  const out: EnvInput = {};
  for (const name of Object.keys(EnvSchema.entries) as EnvName[]) out[name] = source[name];
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
