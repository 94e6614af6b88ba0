import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/app.js';
import { ConfigError, loadConfig } from './env.js';
import { repoRoot } from './paths.js';

const dirs: { remove: () => void }[] = [];
function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
}
afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

describe('loadConfig', () => {
  it('applies the CONTRACT defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir }, {});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: dir,
      smtpUrl: undefined,
      mailTransport: 'none',
      mailFrom: 'Bourse aux terres <no-reply@bourse-terres.test>',
      adminEmails: ['admin@demo.test'],
      advertiserPortalUrl: 'http://localhost:5173',
      adminConsoleUrl: 'http://localhost:5174',
      apiPublicUrl: 'http://localhost:3000',
      paymentProvider: 'none',
      stripe: { secretKey: undefined, webhookSecret: undefined, apiUrl: undefined },
      seller: { name: 'Bourse aux terres SAS', siret: '12345678900017', vatNumber: 'FR40123456789' },
      demoData: false,
      logLevel: 'info',
      rateLimits: { otpRequestsPerIp: 30, otpChecksPerIp: 60, ipWindowSeconds: 600 },
    });
  });

  it('takes the tables\' owner for migrations from DATABASE_OWNER_URL, only with DATABASE_URL', () => {
    const dir = dataDir();
    const both = loadConfig(
      { DATA_DIR: dir, DATABASE_URL: 'postgres://terres_web@db/terres', DATABASE_OWNER_URL: 'postgres://owner@db/terres' },
      {},
    );
    expect(both).toMatchObject({ databaseUrl: 'postgres://terres_web@db/terres', databaseOwnerUrl: 'postgres://owner@db/terres' });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://owner@db/terres' }, {}).databaseOwnerUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_OWNER_URL: 'postgres://owner@db/terres' }, {})).toThrow(
      /DATABASE_OWNER_URL : sans DATABASE_URL, l'API utilise PGlite embarqué/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://a@db/t', DATABASE_OWNER_URL: 'mysql://owner@db/t' }, {})).toThrow(
      /DATABASE_OWNER_URL: doit commencer par postgres:\/\//,
    );
  });

  it('resolves a relative DATA_DIR from the repository root, not the cwd', () => {
    const config = loadConfig({ DATA_DIR: '.data', AUTH_SECRET: 's'.repeat(32) }, {});
    expect(config.dataDir).toBe(join(repoRoot, '.data'));
    expect(existsSync(join(repoRoot, 'pnpm-workspace.yaml'))).toBe(true);
  });

  it('generates the dev AUTH_SECRET once per data dir and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }, {}).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }, {}).authSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir() }, {}).authSecret).not.toBe(first);
  });

  it('requires AUTH_SECRET in production, and has no default admin there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() }, {})).toThrow(/AUTH_SECRET/);
    const config = loadConfig(
      { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), SMTP_URL: 'smtp://mail:25', API_PUBLIC_URL: 'https://api.bourse-terres.fr' },
      {},
    );
    expect(config.isProduction).toBe(true);
    expect(config.adminEmails).toEqual([]);
  });

  it('keeps the dev outbox for who asks for it, never in production, and needs SMTP_URL there', () => {
    expect(loadConfig({ DEV_OUTBOX: '1' }, {}).mailTransport).toBe('outbox');
    expect(loadConfig({ DEV_OUTBOX: '1', SMTP_URL: 'smtp://127.0.0.1:2525' }, {}).mailTransport).toBe('smtp');
    expect(loadConfig({ NODE_ENV: 'test' }, {}).mailTransport).toBe('none');
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), API_PUBLIC_URL: 'https://api.bourse-terres.fr' } as const;
    expect(() => loadConfig(production, {})).toThrow(/SMTP_URL: required when NODE_ENV=production/);
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://mail:25', DEV_OUTBOX: '1' }, {})).toThrow(/DEV_OUTBOX: .* refused when NODE_ENV=production/);
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail:25' }, {}).mailTransport).toBe('smtp');
    expect(() => loadConfig({ DEV_OUTBOX: 'yes' }, {})).toThrow(/DEV_OUTBOX/);
  });

  it('builds links on API_PUBLIC_URL: the dev address on PORT by default, required in production', () => {
    expect(loadConfig({ AUTH_SECRET: 'z'.repeat(32), PORT: '4000' }, {}).apiPublicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ AUTH_SECRET: 'z'.repeat(32), API_PUBLIC_URL: 'https://api.bourse-terres.fr/' }, {}).apiPublicUrl).toBe('https://api.bourse-terres.fr');
    expect(loadConfig({ AUTH_SECRET: 'z'.repeat(32), API_PUBLIC_URL: 'https://bourse-terres.fr/back//' }, {}).apiPublicUrl).toBe('https://bourse-terres.fr/back');
    expect(() => loadConfig({ AUTH_SECRET: 'z'.repeat(32), API_PUBLIC_URL: 'api.bourse-terres.fr' }, {})).toThrow(/API_PUBLIC_URL/);
    expect(() => loadConfig({ AUTH_SECRET: 'z'.repeat(32), API_PUBLIC_URL: 'ftp://api.bourse-terres.fr' }, {})).toThrow(/API_PUBLIC_URL/);
    expect(() => loadConfig({ AUTH_SECRET: 'z'.repeat(32), API_PUBLIC_URL: 'https://api.bourse-terres.fr/?x=1' }, {})).toThrow(/API_PUBLIC_URL/);
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), SMTP_URL: 'smtp://mail:25' } as const;
    expect(() => loadConfig(production, {})).toThrow(/API_PUBLIC_URL: required when NODE_ENV=production/);
    expect(loadConfig({ ...production, API_PUBLIC_URL: 'https://api.bourse-terres.fr' }, {}).apiPublicUrl).toBe('https://api.bourse-terres.fr');
  });

  it('trusts a reverse proxy only when told', () => {
    expect(loadConfig({}, {}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, {}).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }, {}).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });

  it('has no payment provider unless one is named: the simulator only when asked for, in development too', () => {
    // Unset is development, but nothing development-only is on by default (README "Configuration").
    expect(loadConfig({ AUTH_SECRET: 'z'.repeat(32) }, {}).paymentProvider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'test' }, {}).paymentProvider).toBe('none');
    expect(loadConfig({ AUTH_SECRET: 'z'.repeat(32), PAYMENT_PROVIDER: '' }, {}).paymentProvider).toBe('none');
    expect(loadConfig({ AUTH_SECRET: 'z'.repeat(32), PAYMENT_PROVIDER: 'simulator' }, {}).paymentProvider).toBe('simulator');
    // ALLOW_PAYMENT_SIMULATOR allows the simulator in production; it never turns it on.
    expect(loadConfig({ AUTH_SECRET: 'z'.repeat(32), ALLOW_PAYMENT_SIMULATOR: '1' }, {}).paymentProvider).toBe('none');
    expect(() => loadConfig({ AUTH_SECRET: 'z'.repeat(32), PAYMENT_PROVIDER: 'none' }, {})).toThrow(/PAYMENT_PROVIDER: must be 'simulator' or 'stripe'/);
  });

  it('refuses the payment simulator in production unless explicitly allowed', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), SMTP_URL: 'smtp://mail:25', API_PUBLIC_URL: 'https://api.bourse-terres.fr' } as const;
    expect(loadConfig(production, {}).paymentProvider).toBe('none');
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'simulator' }, {})).toThrow(/PAYMENT_PROVIDER: the simulator credits without any payment/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'simulator', ALLOW_PAYMENT_SIMULATOR: '1' }, {}).paymentProvider).toBe('simulator');
    const stripe = loadConfig({ ...production, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, {});
    expect(stripe.paymentProvider).toBe('stripe');
  });

  it('reads the values it is given, from the source and the overrides', () => {
    const config = loadConfig(
      { PORT: '4000', ADMIN_EMAILS: ' Alice@Example.fr , bob@example.fr,', DEMO_DATA: '1' },
      {
        HOST: '0.0.0.0',
        PORT: '1',
        AUTH_SECRET: 'z'.repeat(32),
        DATABASE_URL: 'postgres://u@db:5432/terres',
        ADVERTISER_PORTAL_URL: 'https://annonces.example.fr/',
        OTP_REQUESTS_PER_IP: '5',
        UNRELATED: 'ignored',
      },
    );
    expect(config.port).toBe(4000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/terres');
    expect(config.adminEmails).toEqual(['alice@example.fr', 'bob@example.fr']);
    expect(config.advertiserPortalUrl).toBe('https://annonces.example.fr');
    expect(config.demoData).toBe(true);
    expect(config.rateLimits.otpRequestsPerIp).toBe(5);
  });

  it('rejects invalid values with a message naming the variable', () => {
    const base = { AUTH_SECRET: 'z'.repeat(32) };
    expect(() => loadConfig({ ...base, PORT: 'abc' }, {})).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: '70000' }, {})).toThrow(/PORT/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'paypal' }, {})).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ ...base, DEMO_DATA: 'yes' }, {})).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' }, {})).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...base, AUTH_SECRET: 'short' }, {})).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' }, {})).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ AUTH_SECRET: 'z'.repeat(32), DATABASE_URL: '', PORT: '' }, {});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });
});

const SECRET = 'a'.repeat(32);

describe('matching configuration', () => {
  it('keeps the domain defaults and takes each MATCH_* override', async () => {
    const { DEFAULT_MATCHING_CONFIG } = await import('@terres/domain');
    expect(loadConfig({ AUTH_SECRET: SECRET }, {}).matching).toEqual(DEFAULT_MATCHING_CONFIG);
    const config = loadConfig({ AUTH_SECRET: SECRET, MATCH_RADIUS_KM: '80', MATCH_DETOUR_FACTOR: '1.4', MATCH_TRUCK_PAYLOAD_T: '25', MATCH_CO2_KG_PER_M3_KM: '0.15', MATCH_DISPOSAL_DISTANCE_KM: '40' }, {});
    expect(config.matching).toMatchObject({ radiusKm: 80, detourFactor: 1.4, truckPayloadTonnes: 25, co2KgPerM3Km: 0.15, disposalDistanceKm: 40 });
  });

  it('refuses a bad value with the domain message, naming the variable', () => {
    expect(() => loadConfig({ AUTH_SECRET: SECRET, MATCH_DETOUR_FACTOR: '5' }, {})).toThrow('MATCH_DETOUR_FACTOR: Le coefficient de détour doit être compris entre 1 et 3.');
    expect(() => loadConfig({ AUTH_SECRET: SECRET, MATCH_RADIUS_KM: '0' }, {})).toThrow('MATCH_RADIUS_KM: La valeur doit être un nombre supérieur à 0.');
    expect(() => loadConfig({ AUTH_SECRET: SECRET, MATCH_RADIUS_KM: 'loin' }, {})).toThrow('MATCH_RADIUS_KM');
  });
});

describe('object storage configuration', () => {
  const S3 = { S3_BUCKET: 'bourse-fichiers', S3_REGION: 'fr-par' };

  it('keeps files on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }, {}).s3).toBeUndefined();
    expect(loadConfig({ AUTH_SECRET: SECRET, ...S3 }, {}).s3).toEqual({
      bucket: 'bourse-fichiers',
      region: 'fr-par',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    const config = loadConfig(
      {
        AUTH_SECRET: SECRET,
        ...S3,
        S3_ENDPOINT: 'https://s3.fr-par.scw.cloud/',
        S3_ACCESS_KEY_ID: 'SCWKEY',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      },
      {},
    );
    expect(config.s3).toEqual({
      bucket: 'bourse-fichiers',
      region: 'fr-par',
      endpoint: 'https://s3.fr-par.scw.cloud',
      credentials: { accessKeyId: 'SCWKEY', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('refuses an incomplete or malformed S3 configuration in French, naming the variable', () => {
    const refused = (env: Record<string, string>) => () => loadConfig({ AUTH_SECRET: SECRET, ...env }, {});
    expect(refused({ S3_ENDPOINT: 'http://minio:9000' })).toThrow("S3_BUCKET: requis quand S3_ENDPOINT est défini");
    expect(refused({ S3_BUCKET: 'bourse-fichiers' })).toThrow('S3_REGION: requis avec S3_BUCKET');
    expect(refused({ ...S3, S3_ACCESS_KEY_ID: 'key' })).toThrow('S3_SECRET_ACCESS_KEY: requis avec S3_ACCESS_KEY_ID');
    expect(refused({ ...S3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow('S3_ACCESS_KEY_ID: requis avec S3_SECRET_ACCESS_KEY');
    expect(refused({ ...S3, S3_BUCKET: 'Mon_Bucket' })).toThrow('S3_BUCKET: doit être un nom de bucket S3');
    expect(refused({ ...S3, S3_ENDPOINT: 'ftp://minio' })).toThrow('S3_ENDPOINT: doit être une URL http(s)');
    expect(refused({ ...S3, S3_ENDPOINT: 'http://minio:9000/bucket' })).toThrow('S3_ENDPOINT: doit être une URL sans chemin');
    expect(refused({ ...S3, S3_FORCE_PATH_STYLE: 'oui' })).toThrow("S3_FORCE_PATH_STYLE: doit valoir '0' ou '1'");
  });
});
