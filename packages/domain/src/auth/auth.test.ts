import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { decodeInvitationToken } from './invitation-token';
import { isAdmin, isAdvertiser, normalizeRole, roleHome } from './roles';

describe('roles', () => {
  it('compare case-insensitively', () => {
    expect(normalizeRole('admin')).toBe('ADMIN');
    expect(normalizeRole(' Owner ')).toBe('OWNER');
    expect(normalizeRole('EMPLOYEE')).toBe('EMPLOYEE');
    expect(normalizeRole('guest')).toBeNull();
    expect(normalizeRole(undefined)).toBeNull();
    expect(isAdmin('Admin')).toBe(true);
    expect(isAdvertiser('employee')).toBe(true);
    expect(isAdvertiser('admin')).toBe(false);
  });

  it('send each role home', () => {
    expect(roleHome('admin')).toBe('/admin/inquiries');
    expect(roleHome('OWNER')).toBe('/dashboard');
    expect(roleHome('employee')).toBe('/dashboard');
    expect(roleHome('owner', { isNewAccount: true })).toBe('/onboarding/profile');
    expect(roleHome('admin', { isNewAccount: true })).toBe('/admin/inquiries');
    expect(roleHome('guest')).toBe('/login');
    expect(roleHome(null)).toBe('/login');
  });
});

// Encoded by hand, like the decoder, so the test needs no web or Node API either.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function base64Url(text: string): string {
  const bytes = [...encodeURIComponent(text).replace(/%([0-9A-F]{2})|(.)/g, (_, hex: string, c: string) =>
    String.fromCharCode(hex ? parseInt(hex, 16) : c.charCodeAt(0)),
  )].map((c) => c.charCodeAt(0));
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = bytes.slice(i, i + 3);
    const n = (a << 16) | (b << 8) | c;
    const chars = [18, 12, 6, 0].map((shift) => ALPHABET[(n >> shift) & 63]).join('');
    out += chars.slice(0, Math.min(4, bytes.length - i + 1));
  }
  return out;
}

function jwt(payload: object | string): string {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(body)}.signature`;
}

describe('decodeInvitationToken', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  const inAWeek = Math.floor(now.getTime() / 1000) + 7 * 24 * 3600;

  it('reads the invited e-mail and expiry', () => {
    expect(decodeInvitationToken(jwt({ sub: 'élodie@exemple.fr', exp: inAWeek }), { now })).toEqual({
      ok: true,
      email: 'élodie@exemple.fr',
      exp: inAWeek,
    });
  });

  it('decodes a payload from a standard base64url encoder (UTF-8, no padding)', () => {
    // {"sub":"élodie@exemple.fr","exp":1}
    const token = 'header.eyJzdWIiOiLDqWxvZGllQGV4ZW1wbGUuZnIiLCJleHAiOjF9.sig';
    expect(decodeInvitationToken(token, { now: new Date(0) })).toEqual({ ok: true, email: 'élodie@exemple.fr', exp: 1 });
    expect(base64Url('{"sub":"élodie@exemple.fr","exp":1}')).toBe('eyJzdWIiOiLDqWxvZGllQGV4ZW1wbGUuZnIiLCJleHAiOjF9');
  });

  it('missing token', () => {
    expect(decodeInvitationToken(null, { now })).toEqual({ ok: false, message: "Lien d'invitation invalide" });
    expect(decodeInvitationToken('', { now })).toEqual({ ok: false, message: "Lien d'invitation invalide" });
  });

  it('no subject', () => {
    expect(decodeInvitationToken(jwt({ exp: inAWeek }), { now })).toEqual({
      ok: false,
      message: messages.invitationNoSubject,
    });
    expect(decodeInvitationToken(jwt({ sub: '', exp: inAWeek }), { now }).ok).toBe(false);
  });

  it('expired, at the exact second too', () => {
    const nowSeconds = now.getTime() / 1000;
    expect(decodeInvitationToken(jwt({ sub: 'a@b.fr', exp: nowSeconds }), { now })).toEqual({
      ok: false,
      message: "Ce lien d'invitation a expiré",
    });
    expect(decodeInvitationToken(jwt({ sub: 'a@b.fr', exp: nowSeconds + 1 }), { now }).ok).toBe(true);
  });

  it('undecodable', () => {
    for (const bad of ['abc', 'a.b', 'a.!!!.c', jwt('not json'), jwt('[1,2]'), jwt({ sub: 'a@b.fr' })]) {
      expect(decodeInvitationToken(bad, { now })).toEqual({ ok: false, message: messages.invitationUndecodable });
    }
  });
});
