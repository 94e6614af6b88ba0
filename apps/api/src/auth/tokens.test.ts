import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, signInvitationToken, keptAccessTokenCount, VERIFIED_TOKENS_KEPT, verifyAccessToken } from './tokens.js';

const SECRET = 's'.repeat(40);
const CLAIMS = {
  userId: '6f1c1c52-4d5e-4d7b-9d0e-2b1f3c4d5e6f',
  sessionId: '0b9d2a4e-8c1f-4f3a-9e2d-7c6b5a4f3e2d',
  role: 'OWNER' as const,
  organizationId: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f',
};
const NOW = new Date('2026-11-23T12:00:00Z');

/** The access key exactly as tokens.ts derives it: a token signed here is a real one. */
const accessKey = new Uint8Array(createHmac('sha256', SECRET).update('jwt:access').digest());

/** An access token with these claims and header, signed with the real key (jose). */
function craft(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): Promise<string> {
  return new SignJWT(payload).setProtectedHeader(header as { alg: string }).sign(accessKey);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const seconds = Math.floor(NOW.getTime() / 1000);
const validPayload = { sid: CLAIMS.sessionId, role: 'OWNER', org: CLAIMS.organizationId, sub: CLAIMS.userId, iss: 'bourse-aux-terres', aud: 'access', iat: seconds, exp: seconds + 900 };

describe('signAccessToken', () => {
  it("signs byte for byte the token jose's SignJWT makes of the same claims, with and without an organisation", async () => {
    for (const claims of [CLAIMS, { ...CLAIMS, role: 'ADMIN' as const, organizationId: null }]) {
      const { token, expiresAt } = await signAccessToken(SECRET, claims, NOW);
      const byJose = await new SignJWT({ sid: claims.sessionId, role: claims.role, ...(claims.organizationId ? { org: claims.organizationId } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer('bourse-aux-terres')
        .setAudience('access')
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + ACCESS_TOKEN_TTL_SECONDS)
        .sign(accessKey);
      expect(token).toBe(byJose);
      expect(expiresAt.getTime()).toBe((seconds + ACCESS_TOKEN_TTL_SECONDS) * 1000);
      const { payload, protectedHeader } = await jwtVerify(token, accessKey, { issuer: 'bourse-aux-terres', audience: 'access', algorithms: ['HS256'], currentDate: NOW });
      expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(payload.sub).toBe(claims.userId);
    }
  });
});

describe('verifyAccessToken', () => {
  it('accepts what signAccessToken signs, until it expires', async () => {
    const { token, expiresAt } = await signAccessToken(SECRET, CLAIMS, NOW);
    expect(expiresAt.getTime() - NOW.getTime()).toBe(ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(verifyAccessToken(SECRET, token, NOW.getTime())).toEqual(CLAIMS);
    expect(verifyAccessToken(SECRET, token, expiresAt.getTime() - 1000)).toEqual(CLAIMS);
    expect(verifyAccessToken(SECRET, token, expiresAt.getTime())).toBeNull();
    expect(verifyAccessToken(SECRET, await craft(validPayload), NOW.getTime())).toEqual(CLAIMS);
  });

  it('refuses another secret, a changed payload or signature, and garbage', async () => {
    const { token } = await signAccessToken(SECRET, CLAIMS, NOW);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const admin = base64url({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'ADMIN' });
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const at = NOW.getTime();
    expect(verifyAccessToken('t'.repeat(40), token, at)).toBeNull();
    for (const forged of [
      `${header}.${admin}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      `${token}.${signature}`,
      `.${payload}.${signature}`,
      '',
      'é'.repeat(600),
      `${header}.${payload}.${'x'.repeat(2000)}`,
    ]) {
      expect(verifyAccessToken(SECRET, forged, at), forged.slice(0, 40)).toBeNull();
    }
  });

  it('refuses an invitation token and a token without the access audience or issuer', async () => {
    const at = NOW.getTime();
    const invitation = await signInvitationToken(SECRET, { email: 'a@exemple.fr', organizationId: CLAIMS.userId, invitationId: CLAIMS.sessionId }, NOW);
    expect(verifyAccessToken(SECRET, invitation, at)).toBeNull();
    expect(verifyAccessToken(SECRET, await craft({ ...validPayload, aud: 'invitation' }), at)).toBeNull();
    expect(verifyAccessToken(SECRET, await craft({ ...validPayload, aud: ['other', 'access'] }), at)).toEqual(CLAIMS);
    expect(verifyAccessToken(SECRET, await craft({ ...validPayload, iss: 'someone-else' }), at)).toBeNull();
  });

  it('refuses other algorithms, critical headers and missing or malformed time claims', async () => {
    const at = NOW.getTime();
    const { exp: _exp, ...withoutExp } = validPayload;
    expect(verifyAccessToken(SECRET, await craft(withoutExp), at)).toBeNull();
    expect(verifyAccessToken(SECRET, await craft({ ...validPayload, exp: String(seconds + 900) }), at)).toBeNull();
    expect(verifyAccessToken(SECRET, await craft({ ...validPayload, nbf: seconds + 60 }), at)).toBeNull();
    expect(verifyAccessToken(SECRET, await craft({ ...validPayload, nbf: seconds - 60 }), at)).toEqual(CLAIMS);
    expect(verifyAccessToken(SECRET, await craft({ ...validPayload, iat: 'hier' }), at)).toBeNull();
    expect(verifyAccessToken(SECRET, await craft(validPayload, { alg: 'HS384' }), at)).toBeNull();
    // `alg: none` with the HS256 signature of its own bytes still fails on the header.
    const none = `${base64url({ alg: 'none' })}.${base64url(validPayload)}`;
    const signed = `${none}.${createHmac('sha256', accessKey).update(none).digest('base64url')}`;
    expect(verifyAccessToken(SECRET, signed, at)).toBeNull();
    expect(verifyAccessToken(SECRET, `${none}.`, at)).toBeNull();
    const crit = `${base64url({ alg: 'HS256', crit: ['exp'] })}.${base64url(validPayload)}`;
    expect(verifyAccessToken(SECRET, `${crit}.${createHmac('sha256', accessKey).update(crit).digest('base64url')}`, at)).toBeNull();
    for (const field of ['sub', 'sid', 'role'] as const) {
      expect(verifyAccessToken(SECRET, await craft({ ...validPayload, [field]: 42 }), at)).toBeNull();
    }
    // `org` is only a hint: absent or not a string, no organisation.
    const { org: _org, ...withoutOrg } = validPayload;
    expect(verifyAccessToken(SECRET, await craft(withoutOrg), at)).toEqual({ ...CLAIMS, organizationId: null });
    expect(verifyAccessToken(SECRET, await craft({ ...validPayload, org: 42 }), at)).toEqual({ ...CLAIMS, organizationId: null });
  });
});

describe('verifyAccessToken keeps the tokens it verified', () => {
  it('a kept token still expires, and is not valid before its nbf, exactly as a fresh check says', async () => {
    const notBefore = await craft({ ...validPayload, nbf: seconds + 30 });
    expect(verifyAccessToken(SECRET, notBefore, (seconds + 30) * 1000)).toEqual(CLAIMS);
    // Kept now; asked again before its nbf, at its last second, then at its expiry.
    expect(verifyAccessToken(SECRET, notBefore, (seconds + 29) * 1000)).toBeNull();
    expect(verifyAccessToken(SECRET, notBefore, (seconds + 899) * 1000)).toEqual(CLAIMS);
    expect(verifyAccessToken(SECRET, notBefore, (seconds + 900) * 1000)).toBeNull();
    expect(verifyAccessToken(SECRET, notBefore, (seconds + 100) * 1000)).toEqual(CLAIMS);
  });

  it('a kept token is not valid under another secret, nor is any string that differs from it', async () => {
    const { token } = await signAccessToken(SECRET, CLAIMS, NOW);
    const at = NOW.getTime();
    expect(verifyAccessToken(SECRET, token, at)).toEqual(CLAIMS);
    expect(verifyAccessToken('t'.repeat(40), token, at)).toBeNull();
    expect(verifyAccessToken(SECRET, token, at)).toEqual(CLAIMS);
    for (const near of [`${token} `, ` ${token}`, token.slice(0, -1), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, token.toUpperCase()]) {
      expect(verifyAccessToken(SECRET, near, at), near.slice(-12)).toBeNull();
    }
  });

  it('answers claims nobody can change, and keeps a bounded number of tokens, the oldest out first', async () => {
    const at = NOW.getTime();
    const { token } = await signAccessToken(SECRET, CLAIMS, NOW);
    const claims = verifyAccessToken(SECRET, token, at)!;
    expect(Object.isFrozen(claims)).toBe(true);
    expect(() => {
      (claims as { role: string }).role = 'ADMIN';
    }).toThrow(TypeError);
    expect(verifyAccessToken(SECRET, token, at)).toEqual(CLAIMS);
    // More tokens than are kept, each verified once: still every one verified, kept or not.
    const others = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS_KEPT + 10 }, (_, index) => signAccessToken(SECRET, { ...CLAIMS, sessionId: `session-${index}` }, NOW)),
    );
    for (const [index, other] of others.entries()) expect(verifyAccessToken(SECRET, other.token, at)?.sessionId).toBe(`session-${index}`);
    expect(keptAccessTokenCount()).toBe(VERIFIED_TOKENS_KEPT);
    expect(verifyAccessToken(SECRET, token, at)).toEqual(CLAIMS);
    expect(verifyAccessToken(SECRET, others[0]!.token, at + 901_000)).toBeNull();
  });
});
