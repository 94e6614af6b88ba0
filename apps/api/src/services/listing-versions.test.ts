import { afterEach, describe, expect, it, vi } from 'vitest';
import { KnownVersions } from './listing-versions.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('KnownVersions', () => {
  it('keeps the most recently used entries up to its bound', () => {
    const known = new KnownVersions<string>({ maxEntries: 2, ttlMs: 60_000 });
    known.set('a', 'row a', '1');
    known.set('b', 'row b', '2');
    expect(known.get('a')).toEqual(expect.objectContaining({ row: 'row a', version: '1' }));
    known.set('c', 'row c', '3');
    // 'b' was the least recently used.
    expect(known.get('b')).toBeUndefined();
    expect(known.get('a')?.version).toBe('1');
    expect(known.get('c')?.version).toBe('3');
    expect(known.size).toBe(2);
  });

  it('replaces an entry with its newer version, forgets a dropped one and an expired one', () => {
    vi.useFakeTimers();
    const known = new KnownVersions<string>({ maxEntries: 10, ttlMs: 1_000 });
    known.set('a', 'row a', '1');
    known.set('a', 'row a2', '5');
    expect(known.get('a')).toEqual(expect.objectContaining({ row: 'row a2', version: '5' }));
    known.delete('a');
    expect(known.get('a')).toBeUndefined();
    known.set('b', 'row b', '7');
    vi.advanceTimersByTime(1_001);
    expect(known.get('b')).toBeUndefined();
    expect(known.size).toBe(0);
  });
});
