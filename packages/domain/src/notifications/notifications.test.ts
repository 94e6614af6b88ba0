import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_MODES,
  digestInstant,
  lastDigestInstant,
  NOTIFICATION_KINDS,
  notificationDelivery,
  notificationPreferences,
  notificationPreferencesSchema,
  unreadBadge,
  unreadCountText,
} from './notifications';

describe('notification preferences', () => {
  it('sends what needs action at once and the rest as a digest, by default', () => {
    expect(DEFAULT_NOTIFICATION_MODES).toEqual({ STATUS: 'DIGEST', MATCH: 'DIGEST', DOCUMENT: 'IMMEDIATE', TRANSFER: 'IMMEDIATE' });
    expect(Object.keys(DEFAULT_NOTIFICATION_MODES).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it("fills the user's choices over the defaults and ignores unknown rows", () => {
    expect(
      notificationPreferences([
        { kind: 'STATUS', mode: 'IMMEDIATE' },
        { kind: 'DOCUMENT', mode: 'DIGEST' },
        { kind: 'NOPE', mode: 'DIGEST' },
        { kind: 'MATCH', mode: 'SOMETIMES' },
      ]),
    ).toEqual({ STATUS: 'IMMEDIATE', MATCH: 'DIGEST', DOCUMENT: 'DIGEST', TRANSFER: 'IMMEDIATE' });
  });

  it('e-mails a notification that needs action at once whatever the mode', () => {
    const allDigest = notificationPreferences(NOTIFICATION_KINDS.map((kind) => ({ kind, mode: 'DIGEST' })));
    expect(notificationDelivery(allDigest, 'STATUS', false)).toBe('DIGEST');
    expect(notificationDelivery(allDigest, 'STATUS', true)).toBe('IMMEDIATE');
    expect(notificationDelivery(allDigest, 'TRANSFER', true)).toBe('IMMEDIATE');
  });

  it('accepts each kind once with a known mode', () => {
    expect(v.safeParse(notificationPreferencesSchema, { preferences: [{ kind: 'STATUS', mode: 'DIGEST' }] }).success).toBe(true);
    const repeated = v.safeParse(notificationPreferencesSchema, {
      preferences: [
        { kind: 'STATUS', mode: 'DIGEST' },
        { kind: 'STATUS', mode: 'IMMEDIATE' },
      ],
    });
    expect(repeated.success).toBe(false);
    expect(repeated.issues?.[0]?.message).toBe('Chaque sorte de notification ne peut figurer qu’une fois.');
    const badMode = v.safeParse(notificationPreferencesSchema, { preferences: [{ kind: 'STATUS', mode: 'WEEKLY' }] });
    expect(badMode.issues?.[0]?.message).toBe('Choisissez « Immédiatement » ou « Résumé quotidien ».');
  });
});

describe('the daily summary', () => {
  it('leaves at 7 h Paris time, winter and summer, and across the clock changes', () => {
    expect(digestInstant('2026-11-27').toISOString()).toBe('2026-11-27T06:00:00.000Z');
    expect(digestInstant('2026-07-14').toISOString()).toBe('2026-07-14T05:00:00.000Z');
    // The clocks go forward on 29 March 2026 and back on 25 October 2026, at 1 h UTC.
    expect(digestInstant('2026-03-29').toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(digestInstant('2026-10-25').toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });

  it("is today's once 7 h has passed in Paris, else yesterday's", () => {
    expect(lastDigestInstant(new Date('2026-11-27T06:00:00Z'))).toEqual({ day: '2026-11-27', at: new Date('2026-11-27T06:00:00Z') });
    expect(lastDigestInstant(new Date('2026-11-27T05:59:59Z'))).toEqual({ day: '2026-11-26', at: new Date('2026-11-26T06:00:00Z') });
    // 0 h 30 in Paris on the 28th: the 28th's summary has not left yet.
    expect(lastDigestInstant(new Date('2026-11-27T23:30:00Z')).day).toBe('2026-11-27');
  });
});

describe('the unread count', () => {
  it('says nothing at 0 and caps the badge at 99+', () => {
    expect(unreadCountText(0)).toBeNull();
    expect(unreadCountText(3)).toBe('3 non lue(s)');
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(120)).toBe('99+');
  });
});
