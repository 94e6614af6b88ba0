// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
// has signed in to an address before gets a budget of its own for that address, so a stranger
// who knows the address and voids its codes or uses up its hourly quota does not keep the
// owner out. The cookie is issued at each successful sign-in, signed with a key of AUTH_SECRET
// and bound to the address; it grants nothing by itself (it is no credential, only a separate
// count). It holds up to five entries, one per address signed in from this browser, and
// names no address: each entry is `<device id>.<HMAC(device id, address)>`, so an entry only
// passes for the address it was issued for.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'terres_device';
/** Only the sign-in calls carry it. */
export const DEVICE_COOKIE_PATH = '/api/v1/auth';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Addresses remembered by one browser (the oldest goes first). */
export const MAX_DEVICE_ENTRIES = 5;

const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('device-cookie').digest();
}

function signatureOf(secret: string, deviceId: string, email: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(`${deviceId}:${email.toLowerCase()}`).digest();
}

function entriesOf(cookie: string | undefined): { deviceId: string; signature: Buffer; raw: string }[] {
  if (!cookie) return [];
  const entries = [];
  for (const raw of cookie.split('~').slice(0, MAX_DEVICE_ENTRIES * 2)) {
    const match = ENTRY.exec(raw);
    if (match) entries.push({ deviceId: match[1]!, signature: Buffer.from(match[2]!, 'base64url'), raw });
  }
  return entries;
}

/** The device id this cookie holds for the address, if one of its entries was signed for it. */
export function knownDevice(secret: string, cookie: string | undefined, email: string): string | undefined {
  for (const entry of entriesOf(cookie)) {
    const expected = signatureOf(secret, entry.deviceId, email);
    if (entry.signature.length === expected.length && timingSafeEqual(entry.signature, expected)) return entry.deviceId;
  }
  return undefined;
}

/**
 * The cookie value after a successful sign-in to `email`: its entry first (the same device id
 * when the browser already had one for the address), then the others, at most five.
 */
export function rememberDevice(secret: string, cookie: string | undefined, email: string): { deviceId: string; value: string } {
  const deviceId = knownDevice(secret, cookie, email) ?? randomBytes(16).toString('base64url');
  const own = `${deviceId}.${signatureOf(secret, deviceId, email).toString('base64url')}`;
  const others = entriesOf(cookie)
    .map((entry) => entry.raw)
    .filter((raw) => raw !== own && !raw.startsWith(`${deviceId}.`));
  return { deviceId, value: [own, ...others].slice(0, MAX_DEVICE_ENTRIES).join('~') };
}
