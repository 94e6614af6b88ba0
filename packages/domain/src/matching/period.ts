import { toCalendarDate } from '../validators/date';

// Availability periods are calendar days, both ends included (the wizard allows start = end).
// Days are handled as day numbers (days since 1970-01-01, UTC calendar): plain integers, so
// ranking thousands of candidates does not parse dates again and again.

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The day number of a calendar date ('YYYY-MM-DD', or an ISO date-time read as its Paris day);
 * null when unreadable or impossible (2027-02-30).
 */
export function dayNumber(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  // Calendar days are memoised: ranking reads the same few hundred days thousands of times.
  let known = days.get(value);
  if (known !== undefined) return known;
  const match = ISO_DAY.exec(value);
  if (!match) {
    const day = toCalendarDate(value);
    return day === null ? null : dayNumber(day);
  }
  known = calendarDayNumber(Number(match[1]), Number(match[2]), Number(match[3]));
  if (days.size < 10_000) days.set(value, known);
  return known;
}

const days = new Map<string, number | null>();

function calendarDayNumber(y: number, m: number, d: number): number | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const time = Date.UTC(y, m - 1, d);
  // Date.UTC rolls 2027-02-30 over to 2 March: an impossible date no longer reads back the same day.
  if (new Date(time).getUTCDate() !== d) return null;
  return time / DAY_MS;
}

/** 'YYYY-MM-DD' of a day number. */
export function calendarDateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `start` to `end`, both included ('2027-03-01'..'2027-03-01' is 1); null when unreadable or reversed. */
export function periodDays(start: unknown, end: unknown): number | null {
  const s = dayNumber(start);
  const e = dayNumber(end);
  if (s === null || e === null || e < s) return null;
  return e - s + 1;
}

export interface PeriodOverlap {
  /** First common day, 'YYYY-MM-DD'. */
  start: string;
  /** Last common day, 'YYYY-MM-DD'. */
  end: string;
  /** Common days, both ends included. */
  days: number;
}

/** The common days of two periods given as day numbers; null when none or a period is invalid. */
export function dayRangeOverlap(aStart: number | null, aEnd: number | null, bStart: number | null, bEnd: number | null): PeriodOverlap | null {
  if (aStart === null || aEnd === null || bStart === null || bEnd === null || aEnd < aStart || bEnd < bStart) return null;
  const start = Math.max(aStart, bStart);
  const end = Math.min(aEnd, bEnd);
  if (end < start) return null;
  return { start: calendarDateOf(start), end: calendarDateOf(end), days: end - start + 1 };
}

/**
 * The days two availability periods share, or null when they share none (or a period is
 * missing, unreadable or ends before it starts). Periods touching on one day share 1 day.
 */
export function periodOverlap(
  a: { startDate?: unknown; endDate?: unknown },
  b: { startDate?: unknown; endDate?: unknown },
): PeriodOverlap | null {
  return dayRangeOverlap(dayNumber(a.startDate), dayNumber(a.endDate), dayNumber(b.startDate), dayNumber(b.endDate));
}
