// The pack `link` carries this token: it names the pack, the organisation, a one-off nonce
// and an expiry, signed with AUTH_SECRET (HMAC-SHA256). Anyone holding the link may pay for
// that organisation, which is harmless (it can only add credits) and expires in an hour.
import { messages } from '@terres/domain';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { problem } from '../http/problem.js';

export const CHECKOUT_TOKEN_TTL_SECONDS = 60 * 60;

export interface CheckoutClaims {
  packageId: string;
  organizationId: string;
  /** One per link: the simulator keys its purchase on it, so a link pays once. */
  nonce: string;
  /** Unix seconds. */
  expiresAt: number;
}

interface WireClaims {
  p: string;
  o: string;
  n: string;
  e: number;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`checkout-link:${payload}`).digest('base64url');
}

export function signCheckoutToken(
  secret: string,
  claims: { packageId: string; organizationId: string },
  now: Date = new Date(),
): string {
  const wire: WireClaims = {
    p: claims.packageId,
    o: claims.organizationId,
    n: randomBytes(16).toString('base64url'),
    e: Math.floor(now.getTime() / 1000) + CHECKOUT_TOKEN_TTL_SECONDS,
  };
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims, or a 400 problem (French) when the token is malformed, forged or expired. */
export function verifyCheckoutToken(secret: string, token: unknown, now: Date = new Date()): CheckoutClaims {
  if (typeof token !== 'string' || token.length > 1000) throw problem(400, messages.invalidPaymentLink);
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw problem(400, messages.invalidPaymentLink);
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw problem(400, messages.invalidPaymentLink);
  let wire: Partial<WireClaims>;
  try {
    wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<WireClaims>;
  } catch {
    throw problem(400, messages.invalidPaymentLink);
  }
  if (typeof wire.p !== 'string' || typeof wire.o !== 'string' || typeof wire.n !== 'string' || typeof wire.e !== 'number') {
    throw problem(400, messages.invalidPaymentLink);
  }
  if (wire.e * 1000 <= now.getTime()) throw problem(400, messages.expiredPaymentLink);
  return { packageId: wire.p, organizationId: wire.o, nonce: wire.n, expiresAt: wire.e };
}
