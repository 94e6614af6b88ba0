import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstError } from './field-errors';
import {
  addYears,
  calendarDayInParis,
  createDateSchema,
  dateError,
  dateWindow,
  isEndBeforeStart,
  toCalendarDate,
  todayInParis,
} from './date';

// 22 Nov 2026, 10:00 in Paris.
const now = new Date('2026-11-22T09:00:00Z');

describe('calendar days in Europe/Paris', () => {
  it('takes the Paris day, not the UTC one', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Paris.
    expect(calendarDayInParis(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(todayInParis(now)).toBe('2026-11-22');
    expect(todayInParis(() => now)).toBe('2026-11-22');
  });

  it('answers the day Intl computes for every instant, kept per hour (both changes of time, midnights, twice over)', () => {
    const direct = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC; every 7 minutes and a second.
    for (let round = 0; round < 2; round += 1) {
      for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 421_000) {
        const instant = new Date(time);
        expect(calendarDayInParis(instant)).toBe(direct.format(instant));
      }
    }
    // The last millisecond of a Paris day and the first of the next, in winter and in summer.
    expect(calendarDayInParis(new Date('2026-01-15T22:59:59.999Z'))).toBe('2026-01-15');
    expect(calendarDayInParis(new Date('2026-01-15T23:00:00.000Z'))).toBe('2026-01-16');
    expect(calendarDayInParis(new Date('2026-07-15T21:59:59.999Z'))).toBe('2026-07-15');
    expect(calendarDayInParis(new Date('2026-07-15T22:00:00.000Z'))).toBe('2026-07-16');
  });

  it('reads calendar dates and ISO date-times, refuses the rest', () => {
    expect(toCalendarDate('2027-02-28')).toBe('2027-02-28');
    expect(toCalendarDate('2027-02-29')).toBeNull();
    expect(toCalendarDate('2027-13-01')).toBeNull();
    expect(toCalendarDate('22/11/2026')).toBeNull();
    expect(toCalendarDate('2026-11-22T23:30:00Z')).toBe('2026-11-23');
    expect(toCalendarDate(42)).toBeNull();
  });

  it('adds years, 29 February falling back to the 28th', () => {
    expect(addYears('2026-11-22', 2)).toBe('2028-11-22');
    expect(addYears('2028-02-29', 2)).toBe('2030-02-28');
  });
});

describe('date window', () => {
  const schema = createDateSchema({ now });
  const error = (value: unknown) => firstError(v.safeParse(schema, value));

  it('goes from today to today plus two years', () => {
    expect(dateWindow(now)).toEqual({ min: '2026-11-22', max: '2028-11-22' });
  });

  it('accepts today and today plus two years', () => {
    expect(error('2026-11-22')).toBeNull();
    expect(error('2028-11-22')).toBeNull();
  });

  it('refuses yesterday', () => {
    expect(error('2026-11-21')).toBe("La date ne peut pas être antérieure à aujourd'hui.");
  });

  it('refuses the day after the window with the last day written out', () => {
    expect(error('2028-11-23')).toBe('La date ne peut pas être postérieure au 22/11/2028.');
  });

  it('requires a value and a real date', () => {
    expect(error('')).toBe('Ce champ est requis.');
    expect(error(undefined)).toBe('Ce champ est requis.');
    expect(error('2027-02-30')).toBe('Veuillez entrer une date valide.');
    expect(dateError(null, { now })).toBe('Ce champ est requis.');
  });

  it('outputs the calendar day of a date-time', () => {
    expect(v.parse(schema, '2026-12-01T10:00:00+01:00')).toBe('2026-12-01');
    expect(v.parse(schema, ' 2026-12-01 ')).toBe('2026-12-01');
  });

  it('reads the clock at each validation', () => {
    let clock = new Date('2026-11-22T09:00:00Z');
    const live = createDateSchema({ now: () => clock });
    expect(v.safeParse(live, '2026-11-22').success).toBe(true);
    clock = new Date('2026-11-23T09:00:00Z');
    expect(v.safeParse(live, '2026-11-22').success).toBe(false);
  });

  it('end before start', () => {
    expect(isEndBeforeStart('2027-01-10', '2027-01-09')).toBe(true);
    expect(isEndBeforeStart('2027-01-10', '2027-01-10')).toBe(false);
    expect(isEndBeforeStart('', '2027-01-10')).toBe(false);
  });
});
