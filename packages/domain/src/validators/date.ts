import * as v from 'valibot';
import { DATE_WINDOW_YEARS } from '../constants';
import { dateAfterMaxMessage, messages } from '../messages';

/**
 * Calendar dates are ISO 'YYYY-MM-DD' strings. "Today" is the calendar day in
 * Europe/Paris, the product's only market, so the browser and the server agree whatever
 * their own time zone. ISO calendar strings compare correctly as plain strings.
 */
export const CALENDAR_TIME_ZONE = 'Europe/Paris';

/** A clock: a fixed instant, or a function read at each validation. */
export type Now = Date | (() => Date);

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const parisDayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CALENDAR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function readNow(now: Now | undefined): Date {
  if (now === undefined) return new Date();
  return typeof now === 'function' ? now() : now;
}

function formatParisDay(instant: Date): string {
  const parts = parisDayFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const HOUR_MS = 3_600_000;
/** Paris days by UTC hour: `formatToParts` costs tens of microseconds, and a load's record asks several times. */
const parisDayByHour = new Map<number, string>();

/**
 * The Europe/Paris calendar day of an instant, as 'YYYY-MM-DD'. Paris is a whole number of hours
 * from UTC, so its days change on UTC hours: the day of an hour is computed once, and kept when
 * that hour starts and ends on the same day (checked, not assumed).
 */
export function calendarDayInParis(instant: Date): string {
  const time = instant.getTime();
  if (!Number.isFinite(time)) return formatParisDay(instant);
  const hour = Math.floor(time / HOUR_MS);
  const kept = parisDayByHour.get(hour);
  if (kept !== undefined) return kept;
  const day = formatParisDay(new Date(hour * HOUR_MS));
  if (formatParisDay(new Date(hour * HOUR_MS + HOUR_MS - 1)) !== day) return formatParisDay(instant);
  if (parisDayByHour.size >= 512) parisDayByHour.clear();
  parisDayByHour.set(hour, day);
  return day;
}

export function todayInParis(now?: Now): string {
  return calendarDayInParis(readNow(now));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealCalendarDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * 'YYYY-MM-DD' for a calendar date string or an ISO date-time (taken as its Paris day);
 * null for anything else, including impossible dates such as 2026-02-30.
 */
export function toCalendarDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  const match = CALENDAR_DATE.exec(trimmed);
  if (match) {
    const [, y, m, d] = match;
    return isRealCalendarDate(Number(y), Number(m), Number(d)) ? trimmed : null;
  }
  // Date-times only when they are ISO 8601 with a time part: Date.parse accepts too much.
  if (!/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) return null;
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? null : calendarDayInParis(instant);
}

/** Adds years to a calendar date; 29 February falls back to the 28th in common years. */
export function addYears(calendarDate: string, years: number): string {
  const [y = 0, m = 1, d = 1] = calendarDate.split('-').map(Number);
  const year = y + years;
  const day = Math.min(d, daysInMonth(year, m));
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY', without going through a Date (no time zone shift). */
export function calendarDateToDisplay(calendarDate: string): string {
  const [y, m, d] = calendarDate.split('-');
  return `${d}/${m}/${y}`;
}

/** First and last selectable days: today and today plus two years, both included. */
export function dateWindow(now?: Now): { min: string; max: string } {
  const min = todayInParis(now);
  return { min, max: addYears(min, DATE_WINDOW_YEARS) };
}

/** The spec's message for an availability date, or null when it is inside the window. */
export function dateError(value: unknown, options: { now?: Now } = {}): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return messages.required;
  }
  const day = toCalendarDate(value);
  if (day === null) return messages.dateInvalid;
  const { min, max } = dateWindow(options.now);
  if (day < min) return messages.dateBeforeToday;
  if (day > max) return dateAfterMaxMessage(calendarDateToDisplay(max));
  return null;
}

/**
 * Availability date schema. `now` is read at each validation, so a long-lived schema (the
 * server's) never freezes "today"; tests pass a fixed Date.
 */
export function createDateSchema(options: { now?: Now } = {}) {
  return v.pipe(
    v.string(messages.required),
    v.trim(),
    v.nonEmpty(messages.required),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const message = dateError(dataset.value, options);
      if (message !== null) addIssue({ message });
    }),
    // A date-time input leaves as its Paris calendar day, so what is stored is what was checked.
    v.transform((value) => toCalendarDate(value) ?? value),
  );
}

export const dateSchema = createDateSchema();

/** True when both are dates and the end comes before the start (same day is allowed). */
export function isEndBeforeStart(startDate: unknown, endDate: unknown): boolean {
  const start = toCalendarDate(startDate);
  const end = toCalendarDate(endDate);
  return start !== null && end !== null && end < start;
}
