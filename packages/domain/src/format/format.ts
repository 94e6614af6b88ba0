import { calendarDateToDisplay, toCalendarDate } from '../validators/date';

// French display (Intl 'fr-FR'). Intl separates thousands with a narrow no-break space
// (U+202F) and puts a no-break space (U+00A0) before '€'; units here use U+00A0 too, so
// a number never wraps away from its unit.
const LOCALE = 'fr-FR';
const NBSP = '\u00a0';
export const MISSING_DATE_TEXT = 'Date non renseignée';
export const MISSING_ADDRESS_TEXT = 'Adresse non renseignée';

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(maxFractionDigits: number): Intl.NumberFormat {
  let format = numberFormats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxFractionDigits });
    numberFormats.set(maxFractionDigits, format);
  }
  return format;
}

const eurosFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' });

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** '1 234,5' (up to 2 decimals by default); '-' for a value that is not a number. */
export function formatNumber(value: number | null | undefined, maxFractionDigits = 2): string {
  return isNumber(value) ? numberFormat(maxFractionDigits).format(value) : '-';
}

/** '1 234,50 €'; '-' when not a number. */
export function formatEuros(value: number | null | undefined): string {
  return isNumber(value) ? eurosFormat.format(value) : '-';
}

/** '1 234 m³'. */
export function formatCubicMetres(value: number | null | undefined): string {
  return isNumber(value) ? `${formatNumber(value)}${NBSP}m³` : '-';
}

/** '12,5 ha'. */
export function formatHectares(value: number | null | undefined): string {
  return isNumber(value) ? `${formatNumber(value)}${NBSP}ha` : '-';
}

/** '1 crédit', '0 crédit', '1 250 crédits' (French singular below 2). */
export function formatCredits(value: number | null | undefined): string {
  if (!isNumber(value)) return '-';
  return `${formatNumber(value, 0)}${NBSP}${Math.abs(value) < 2 ? 'crédit' : 'crédits'}`;
}

/**
 * 'DD/MM/YYYY' from an ISO calendar date or date-time (the Europe/Paris day) or a Date;
 * 'Date non renseignée' when missing or unreadable (spec §8).
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? MISSING_DATE_TEXT : formatDate(value.toISOString());
  }
  const day = toCalendarDate(value);
  return day === null ? MISSING_DATE_TEXT : calendarDateToDisplay(day);
}

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * '09/03/2027 à 14:05' (Europe/Paris) from an ISO date-time or a Date, for events such as ledger
 * lines; 'Date non renseignée' when missing or unreadable.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (date === null || Number.isNaN(date.getTime())) return MISSING_DATE_TEXT;
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} à ${parts.hour}:${parts.minute}`;
}

const longDateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * '9 mars 2027 à 14:05' (Europe/Paris), for a history read as sentences (the console's listing
 * history, issue 21); 'Date non renseignée' when missing or unreadable.
 */
export function formatLongDateTime(value: string | Date | null | undefined): string {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (date === null || Number.isNaN(date.getTime())) return MISSING_DATE_TEXT;
  const parts = Object.fromEntries(longDateTimeFormat.formatToParts(date).map((part) => [part.type, part.value]));
  const day = parts.day === '1' ? '1er' : parts.day;
  return `${day} ${parts.month} ${parts.year} à ${parts.hour}:${parts.minute}`;
}

/** The address label, or 'Adresse non renseignée' (spec §8). */
export function formatAddress(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value.trim() : MISSING_ADDRESS_TEXT;
}
