import { describe, expect, it } from 'vitest';
import { demoDeparture } from './seed-transfers.js';

describe('demo departures', () => {
  it('are at the given Paris (winter) hour, days back', () => {
    const now = new Date('2026-11-28T15:00:00Z');
    expect(demoDeparture(now, 6, 7, 40).toISOString()).toBe('2026-11-22T06:40:00.000Z');
    expect(demoDeparture(now, 0, 8, 20).toISOString()).toBe('2026-11-28T07:20:00.000Z');
  });

  it('are never in the future: data loaded at night puts today\u2019s truck half an hour back', () => {
    // Loaded at 01:05 Paris, the 08:20 truck would leave in seven hours: the API would then refuse
    // to correct it (« Le départ ne peut pas être dans le futur. »).
    const now = new Date('2026-11-28T00:05:00Z');
    expect(demoDeparture(now, 0, 8, 20).toISOString()).toBe('2026-11-27T23:35:00.000Z');
    expect(demoDeparture(now, 1, 8, 20).toISOString()).toBe('2026-11-27T07:20:00.000Z');
  });
});
