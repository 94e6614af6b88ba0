import * as v from 'valibot';
import { formObject } from '../validators/object';
import { CREDITS_TOP_UP_MAX, CREDITS_TOP_UP_MIN } from '../constants';
import { messages } from '../messages';

/** Admin credits dialog: an integer from 1 to 999 (spec §5). */
export const creditsAmountSchema = v.pipe(
  v.number(messages.creditsAmount),
  v.integer(messages.creditsAmount),
  v.minValue(CREDITS_TOP_UP_MIN, messages.creditsAmount),
  v.maxValue(CREDITS_TOP_UP_MAX, messages.creditsAmount),
);

/** Body of POST /organizations/{id}/credits. */
export const addCreditsSchema = formObject({ credits: creditsAmountSchema });

/** The dialog's input ('12', 12) as an amount, or null when outside 1..999 or not an integer. */
export function parseCreditsAmount(input: unknown): number | null {
  const value = typeof input === 'string' && /^\s*\d+\s*$/.test(input) ? Number(input) : input;
  const result = v.safeParse(creditsAmountSchema, value);
  return result.success ? result.output : null;
}

/** A balance as the header shows it: anything that is not a finite number counts as 0 (spec §4). */
export function toCreditBalance(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function hasEnoughCredits(balance: unknown, cost: number | null): boolean {
  return cost !== null && toCreditBalance(balance) >= cost;
}
