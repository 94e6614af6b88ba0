/** A number, or a numeric string as typed in a form ('12,5' and ' 3 ' included). */
export type NumericInput = number | string | null | undefined;

/**
 * Reads form input as a number: numbers as they are, strings trimmed with a French decimal
 * comma accepted; empty strings, null, NaN and infinities give null.
 */
export function toFiniteNumber(value: NumericInput): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Rounds half away from zero to `decimals`, after cutting binary noise (1.005 * 100 is
 * 100.49999999999999 in floating point, and must round to 1.01).
 */
export function roundTo(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** Line total in euros: quantity × price rounded to 2 decimals, null when either is not a number. */
export function lineTotal(quantity: NumericInput, price: NumericInput): number | null {
  const q = toFiniteNumber(quantity);
  const p = toFiniteNumber(price);
  if (q === null || p === null) return null;
  return roundTo(q * p, 2);
}

/** How a line total is shown: green, red, grey, or a dash when it is not a number. */
export type LineTotalTone = 'positive' | 'negative' | 'zero' | 'none';

export function lineTotalTone(total: number | null | undefined): LineTotalTone {
  if (typeof total !== 'number' || !Number.isFinite(total)) return 'none';
  if (total > 0) return 'positive';
  if (total < 0) return 'negative';
  return 'zero';
}
