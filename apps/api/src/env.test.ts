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
      mailFrom: 'Bourse aux terres <no-reply@bourse-terres.test>',
      adminEmails: ['admin@demo.test'],
      advertiserPortalUrl: 'http://localhost:5173',
      adminConsoleUrl: 'http://localhost:5174',
      paymentProvider: 'simulator',
      stripe: { secretKey: undefined, webhookSecret: undefined, apiUrl: undefined },
      seller: { name: 'Bourse aux terres SAS', siret: '12345678900017', vatNumber: 'FR40123456789' },
      demoData: false,
      logLevel: 'info',
      rateLimits: { otpRequestsPerIp: 30, otpChecksPerIp: 60, ipWindowSeconds: 600 },
    });
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
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), ALLOW_PAYMENT_SIMULATOR: '1' }, {});
    expect(config.isProduction).toBe(true);
    expect(config.adminEmails).toEqual([]);
  });

  it('trusts a reverse proxy only when told', () => {
    expect(loadConfig({}, {}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, {}).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }, {}).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });

  it('refuses the payment simulator in production unless explicitly allowed', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40) } as const;
    expect(() => loadConfig(production, {})).toThrow(/PAYMENT_PROVIDER: the simulator credits without any payment/);
    expect(loadConfig({ ...production, ALLOW_PAYMENT_SIMULATOR: '1' }, {}).paymentProvider).toBe('simulator');
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
