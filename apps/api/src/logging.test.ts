import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Config } from './env.js';
import { loggableUrl, loggerOptions, maskAddress, requestId, scrubLogLine } from './logging.js';

describe('loggableUrl', () => {
  it('keeps the path and harmless query values, redacts the rest', () => {
    expect(loggableUrl('/api/v1/inquiries')).toBe('/api/v1/inquiries');
    expect(loggableUrl('/api/v1/inquiries?page=2&page_size=50&sort=-created_at&status=APPROVED')).toBe(
      '/api/v1/inquiries?page=2&page_size=50&sort=-created_at&status=APPROVED',
    );
    expect(loggableUrl('/api/v1/inquiries?q=Martin&page=1')).toBe('/api/v1/inquiries?q=[redacted]&page=1');
    expect(loggableUrl('/api/v1/payments/simulator/checkout?token=eyJhbGciOi.sig')).toBe('/api/v1/payments/simulator/checkout?token=[redacted]');
    expect(loggableUrl('/x?unknown=1&flag&%ZZ=2')).toBe('/x?unknown=[redacted]&flag&%ZZ=[redacted]');
  });
});

describe('maskAddress', () => {
  it('keeps the network of an address, never the address', () => {
    expect(maskAddress('203.0.113.77')).toBe('203.0.113.0/24');
    expect(maskAddress('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(maskAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(maskAddress('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(maskAddress('::1')).toBe('0:0:0::/48');
    expect(maskAddress(undefined)).toBeUndefined();
    expect(maskAddress('not an address')).toBeUndefined();
  });

  it('answers the same asked again, and past the addresses it keeps', () => {
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 1_200; n++) expect(maskAddress(`10.${n >> 8}.${n & 255}.7`)).toBe(`10.${n >> 8}.${n & 255}.0/24`);
      expect(maskAddress('not an address')).toBeUndefined();
      expect(maskAddress('2001:db8::1')).toBe('2001:db8:0::/48');
    }
  });
});

describe('scrubLogLine', () => {
  it('removes addresses, tokens and secret query values from a serialized line', () => {
    const line = JSON.stringify({
      msg: 'mail to camille.martin@terrassements-alsace.fr refused',
      err: { message: 'GET https://x.test/cb?token=abc123&page=2&email=a%40b.fr failed' },
      jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      refresh: 'rt_0123456789abcdefghijABCDEFGHIJ_-xyz',
    });
    const scrubbed = scrubLogLine(line);
    expect(JSON.parse(scrubbed)).toEqual({
      msg: 'mail to [email] refused',
      err: { message: 'GET https://x.test/cb?token=[redacted]&page=2&email=[redacted] failed' },
      jwt: '[token]',
      refresh: '[token]',
    });
  });
});

describe('requestId', () => {
  const request = (value?: string | string[]) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as never;
  it('keeps a plain incoming id and replaces anything else by a UUID', () => {
    expect(requestId(request('0af7651916cd43dd8448eb211c80319c'))).toBe('0af7651916cd43dd8448eb211c80319c');
    for (const given of [undefined, '', 'a b', 'x'.repeat(129), ['a', 'b'], 'a\nb']) {
      expect(requestId(request(given))).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the logger', () => {
  function logged(write: (log: pino.Logger) => void): Record<string, unknown>[] {
    const lines: string[] = [];
    const options = loggerOptions({ logLevel: 'info', logFormat: 'json' } as Config, { write: (line) => lines.push(line) });
    write(pino(options as pino.LoggerOptions, options && typeof options === 'object' && 'stream' in options ? (options.stream as pino.DestinationStream) : undefined));
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('censors the keys that hold secrets or addresses, at the top level and one level deep', () => {
    const error = Object.assign(new Error('refused'), { token: 'abc', code: 'E_REFUSED' });
    const [line, errored] = logged((log) => {
      log.info({ email: 'a', to: ['b'], otp: '123456', user: { id: 'u1', refreshToken: 'r', password: 'p' }, page: 2, list: ['x'] }, 'sent');
      log.error({ err: error, headers: { authorization: 'Bearer x', cookie: 'c', accept: '*/*' } }, 'failed');
    });
    expect(line).toMatchObject({
      msg: 'sent',
      email: '[redacted]',
      to: '[redacted]',
      otp: '[redacted]',
      user: { id: 'u1', refreshToken: '[redacted]', password: '[redacted]' },
      page: 2,
      list: ['x'],
    });
    expect(errored).toMatchObject({
      msg: 'failed',
      err: { type: 'Error', message: 'refused', token: '[redacted]', code: 'E_REFUSED' },
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: '*/*' },
    });
    expect(errored!.err).toHaveProperty('stack');
  });

  it('leaves an object without such keys as it was given (no copy on the hot path)', () => {
    const given = { listing: { id: 'l1', status: 'APPROVED' }, res: { statusCode: 200 }, responseTime: 1.5 };
    const [line] = logged((log) => log.info(given, 'request completed'));
    expect(line).toMatchObject(given);
    expect(given).toEqual({ listing: { id: 'l1', status: 'APPROVED' }, res: { statusCode: 200 }, responseTime: 1.5 });
  });
});
