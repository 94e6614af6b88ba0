import { messages } from '../messages';
import { readNow, type Now } from '../validators/date';

export type InvitationTokenResult =
  | { ok: true; email: string; /** Expiry in seconds since the epoch (JWT `exp`). */ exp: number }
  | { ok: false; message: string };

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// Written out rather than atob/Buffer/TextDecoder so it runs anywhere the ES library does.
function base64UrlToText(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment) || segment.length % 4 === 1) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of base64) {
    buffer = (buffer << 6) | BASE64_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  try {
    return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
  } catch {
    return null;
  }
}

/**
 * Reads an invitation JWT's payload in the browser: `sub` is the invited e-mail, `exp`
 * its expiry in seconds. The signature is NOT checked here: the server checks it when the
 * code is requested. Errors carry the spec's messages (spec §8).
 */
export function decodeInvitationToken(token: string | null | undefined, options: { now?: Now } = {}): InvitationTokenResult {
  if (!token || token.trim() === '') return { ok: false, message: messages.invitationMissing };
  const parts = token.trim().split('.');
  const text = parts.length === 3 && parts[1] ? base64UrlToText(parts[1]) : null;
  let payload: unknown;
  try {
    payload = text === null ? null : JSON.parse(text);
  } catch {
    payload = null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, message: messages.invitationUndecodable };
  }
  const { sub, exp } = payload as { sub?: unknown; exp?: unknown };
  if (typeof sub !== 'string' || sub.trim() === '') return { ok: false, message: messages.invitationNoSubject };
  // An invitation always expires (CONTRACT §6); a token without a numeric exp is not ours.
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { ok: false, message: messages.invitationUndecodable };
  if (exp * 1000 <= readNow(options.now).getTime()) return { ok: false, message: messages.invitationExpired };
  return { ok: true, email: sub.trim(), exp };
}
