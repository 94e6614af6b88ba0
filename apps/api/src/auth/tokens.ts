// Signed tokens: the 15-minute access JWT, the opaque 30-day refresh token (stored hashed), and
// the 7-day invitation JWT. Each use gets its own key derived from AUTH_SECRET, so a token of one
// kind can never pass for another. jose signs and verifies invitations; the access token, signed at
// every sign-in and refresh and checked on every signed-in request, is signed by `signAccessToken`
// and verified by `verifyAccessToken` below with node:crypto (the same tokens jose makes and reads).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { messages } from '@terres/domain';
import { problem } from '../http/problem.js';
import type { Role } from './context.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'bourse-aux-terres';

function keyFor(secret: string, use: 'access' | 'invitation'): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`jwt:${use}`).digest());
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
  /**
   * The user's organisation when the token was signed (`org`; absent: none, or a token signed
   * before the claim existed). Only a hint: it scopes the session check of `app.authenticate`
   * (row-level security), which then scopes the request from the database's row.
   */
  organizationId: string | null;
}

/** The header of every access token, as jose writes `{ alg: 'HS256', typ: 'JWT' }`. */
const ACCESS_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * A 15-minute access token: a compact JWS, HS256 (RFC 7515/7519), signed with one HMAC-SHA256 of
 * node:crypto under the access key (derived once per secret). Byte for byte the token jose's
 * `SignJWT` makes of the same claims (its claims in jose's order: `sid`, `role`, `org`, `sub`,
 * `iss`, `aud`, `iat`, `exp`; pinned by src/auth/tokens.test.ts), without its per-call key import
 * and WebCrypto job: a sign-in's most expensive step (issue 23).
 */
export async function signAccessToken(secret: string, claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000);
  const payload = {
    sid: claims.sessionId,
    role: claims.role,
    ...(claims.organizationId ? { org: claims.organizationId } : {}),
    sub: claims.userId,
    iss: ISSUER,
    aud: 'access',
    iat: issuedAt,
    exp: Math.floor(expiresAt.getTime() / 1000),
  };
  const signingInput = `${ACCESS_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const signature = createHmac('sha256', accessKeyFor(secret)).update(signingInput).digest('base64url');
  return { token: `${signingInput}.${signature}`, expiresAt };
}

/**
 * The access key of the last secret seen (one AUTH_SECRET per process): derived once, not at
 * every request. A pure function of the secret, so nothing to invalidate. With it, the access
 * tokens verified under it (below).
 */
let accessKey: { secret: string; key: Uint8Array; verified: Map<string, VerifiedToken> } | undefined;

function accessKeyState(secret: string): NonNullable<typeof accessKey> {
  if (accessKey?.secret !== secret) accessKey = { secret, key: keyFor(secret, 'access'), verified: new Map() };
  return accessKey;
}

function accessKeyFor(secret: string): Uint8Array {
  return accessKeyState(secret).key;
}

/**
 * An access token verified before, with what its check read: a client sends the same token with
 * every request of its 15 minutes, so the next ones skip the HMAC and the parsing (issue 23). Kept
 * by the exact token string (only a token that passed every check is kept, so no other string
 * finds it), and checked again for `exp` and `nbf` at each use: a kept token expires as it would
 * have. Revocation is not the token's business: the session check follows it on every request.
 */
interface VerifiedToken {
  claims: Readonly<AccessClaims>;
  exp: number;
  nbf: number | undefined;
}

/** Tokens kept verified per process (oldest out first): one per user active in 15 minutes, about 0.6 KB each. */
export const VERIFIED_TOKENS_KEPT = 5_000;

/** How many verified tokens are kept now (tests). */
export function keptAccessTokenCount(): number {
  return accessKey?.verified.size ?? 0;
}

/** Longer than any access token this API signs: refused before any hashing. */
const MAX_ACCESS_TOKEN_LENGTH = 1024;

/** A compact JWS segment's JSON object, or null (not base64url, not JSON, not an object). */
function segmentObject(segment: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The claims, or null when the token is malformed, forged or expired. Every signed-in request
 * runs this, so it is one HMAC-SHA256 over the compact JWS (node:crypto, constant-time
 * comparison) instead of jose's generic path (6 µs against 75 here): the same rules as
 * `jwtVerify` with `algorithms: ['HS256']`, the issuer and the `access` audience: header `alg`
 * HS256 and no `crit`, `exp` a number in the future, `nbf` (if any) past, `iat` (if any) a
 * number; then `sub`, `sid` and `role` strings (`org` read when a string). Tokens stay those
 * `signAccessToken` signs.
 */
export function verifyAccessToken(secret: string, token: string, now: number = Date.now()): Readonly<AccessClaims> | null {
  if (token.length > MAX_ACCESS_TOKEN_LENGTH) return null;
  const state = accessKeyState(secret);
  const seconds = Math.floor(now / 1000);
  const known = state.verified.get(token);
  if (known && known.exp > seconds && (known.nbf === undefined || known.nbf <= seconds)) return known.claims;
  const headerEnd = token.indexOf('.');
  const payloadEnd = token.indexOf('.', headerEnd + 1);
  if (headerEnd <= 0 || payloadEnd <= headerEnd + 1 || token.indexOf('.', payloadEnd + 1) !== -1) return null;
  const expected = Buffer.from(createHmac('sha256', state.key).update(token.slice(0, payloadEnd)).digest('base64url'));
  const given = Buffer.from(token.slice(payloadEnd + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const header = segmentObject(token.slice(0, headerEnd));
  if (!header || header.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined) return null;
  const payload = segmentObject(token.slice(headerEnd + 1, payloadEnd));
  if (!payload) return null;
  const audience = payload.aud;
  if (payload.iss !== ISSUER || !(audience === 'access' || (Array.isArray(audience) && audience.includes('access')))) return null;
  if (typeof payload.exp !== 'number' || payload.exp <= seconds) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > seconds)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.role !== 'string') return null;
  const claims: Readonly<AccessClaims> = Object.freeze({
    userId: payload.sub,
    sessionId: payload.sid,
    role: payload.role as Role,
    organizationId: typeof payload.org === 'string' ? payload.org : null,
  });
  if (state.verified.size >= VERIFIED_TOKENS_KEPT) state.verified.delete(state.verified.keys().next().value!);
  state.verified.set(token, { claims, exp: payload.exp, nbf: payload.nbf as number | undefined });
  return claims;
}

/** An opaque refresh token (`rt_` + 256 random bits) and the hash stored in its place. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = `rt_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashRefreshToken(token) };
}

/**
 * The token that replaces `previous` at its rotation: derived from it with a key of AUTH_SECRET,
 * so a refresh that comes again within the grace window (two tabs refreshing at once) can be
 * answered with the very same token without storing any token in clear. Unpredictable without
 * the secret, like a random one (256 bits, same `rt_` form).
 */
export function successorRefreshToken(secret: string, previous: string): { token: string; hash: string } {
  const key = createHmac('sha256', secret).update('refresh:successor').digest();
  const token = `rt_${createHmac('sha256', key).update(previous).digest('base64url')}`;
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface InvitationClaims {
  email: string;
  organizationId: string;
  invitationId: string;
}

export async function signInvitationToken(secret: string, claims: InvitationClaims, now: Date = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ org: claims.organizationId, inv: claims.invitationId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.email)
    .setIssuer(ISSUER)
    .setAudience('invitation')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + INVITATION_TTL_SECONDS)
    .sign(keyFor(secret, 'invitation'));
}

/** The claims, or a 400 problem with the spec's invitation messages. */
export async function verifyInvitationToken(secret: string, token: unknown, now: Date = new Date()): Promise<InvitationClaims> {
  if (typeof token !== 'string' || token.trim() === '') throw problem(400, messages.invitationMissing);
  let payload;
  try {
    ({ payload } = await jwtVerify(token.trim(), keyFor(secret, 'invitation'), {
      issuer: ISSUER,
      audience: 'invitation',
      algorithms: ['HS256'],
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw problem(400, messages.invitationExpired);
    throw problem(400, messages.invitationUndecodable);
  }
  if (typeof payload.sub !== 'string' || payload.sub.trim() === '') throw problem(400, messages.invitationNoSubject);
  if (typeof payload.org !== 'string' || typeof payload.inv !== 'string') throw problem(400, messages.invitationUndecodable);
  return { email: payload.sub.trim().toLowerCase(), organizationId: payload.org, invitationId: payload.inv };
}
