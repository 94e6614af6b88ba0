import { describe, expect, it } from 'vitest';
import { calendarDateOf, dayNumber, periodDays, periodOverlap } from './period';

describe('periodDays', () => {
  it('counts both ends', () => {
    expect(periodDays('2027-03-01', '2027-03-01')).toBe(1);
    expect(periodDays('2027-03-01', '2027-03-31')).toBe(31);
    expect(periodDays('2027-03-01', '2027-06-30')).toBe(122); // 31 + 30 + 31 + 30
    expect(periodDays('2028-02-27', '2028-03-01')).toBe(4); // 27, 28, 29 (leap year), 1
    expect(periodDays('2027-03-26', '2027-03-29')).toBe(4); // across the change to summer time
  });

  it('is null for a reversed or unreadable period', () => {
    expect(periodDays('2027-03-02', '2027-03-01')).toBeNull();
    expect(periodDays('2027-02-30', '2027-03-01')).toBeNull();
    expect(periodDays(null, '2027-03-01')).toBeNull();
  });
});

describe('periodOverlap', () => {
  it('gives the common days', () => {
    expect(periodOverlap({ startDate: '2027-03-01', endDate: '2027-06-30' }, { startDate: '2027-04-15', endDate: '2027-09-30' })).toEqual({
      start: '2027-04-15',
      end: '2027-06-30',
      days: 77, // 16 in April + 31 + 30
    });
  });

  it('is the same whichever period comes first, and counts a touching day', () => {
    const a = { startDate: '2027-03-01', endDate: '2027-03-31' };
    const b = { startDate: '2027-03-31', endDate: '2027-04-10' };
    expect(periodOverlap(a, b)).toEqual({ start: '2027-03-31', end: '2027-03-31', days: 1 });
    expect(periodOverlap(b, a)).toEqual(periodOverlap(a, b));
  });

  it('holds a period inside the other', () => {
    expect(periodOverlap({ startDate: '2027-01-01', endDate: '2027-12-31' }, { startDate: '2027-05-10', endDate: '2027-05-19' })?.days).toBe(10);
  });

  it('is null when the periods are apart or one is missing', () => {
    expect(periodOverlap({ startDate: '2027-03-01', endDate: '2027-03-31' }, { startDate: '2027-04-01', endDate: '2027-04-30' })).toBeNull();
    expect(periodOverlap({ startDate: '2027-03-01', endDate: null }, { startDate: '2027-03-01', endDate: '2027-04-30' })).toBeNull();
  });
});

describe('dayNumber', () => {
  it('counts days since 1970-01-01 and reads them back', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2027-03-01')).toBe(20878); // 57 years of 365 days + 14 leap days + 59 days of 2027
    expect(calendarDateOf(20878)).toBe('2027-03-01');
    expect(dayNumber('2027-02-30')).toBeNull();
    expect(dayNumber('2027-13-01')).toBeNull();
    expect(dayNumber('2027-03-01T23:30:00Z')).toBe(20879); // 00:30 on 2 March in Paris
  });
});
