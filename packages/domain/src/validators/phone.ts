import * as v from 'valibot';
import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '../constants';
import { formMessages } from '../messages/forms';

/** 6 to 20 characters of digits, spaces, parentheses, plus and minus (spec §5). */
export const PHONE_PATTERN = new RegExp(`^[0-9 ()+-]{${PHONE_MIN_LENGTH},${PHONE_MAX_LENGTH}}$`);

/**
 * A phone number as people paste or type it: dots and every kind of space (non-breaking ones
 * from a web page, tabs) become one plain space ('06.12.34.56.78' -> '06 12 34 56 78').
 * Every phone field (the inputs as the user types, the API's schemas) normalises with it.
 */
export function normalizePhone(value: string): string {
  return value.replace(/[\s.]/g, ' ');
}

/** `normalizePhone`, trimmed, with runs of spaces made one: the value the API stores. */
function storedPhone(value: string): string {
  return normalizePhone(value).replace(/ {2,}/g, ' ').trim();
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(storedPhone(value));
}

/** Required phone; `requiredMessage` lets the profile step use its own wording. */
export function createPhoneSchema(requiredMessage: string = formMessages.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.transform(storedPhone),
    v.nonEmpty(requiredMessage),
    v.regex(PHONE_PATTERN, formMessages.phone),
  );
}

export const phoneSchema = createPhoneSchema();

/** Missing, null or empty passes; anything else must be a valid phone. */
export const optionalPhoneSchema = v.nullish(
  v.pipe(
    v.string(formMessages.phone),
    v.transform(storedPhone),
    v.check((value) => value === '' || PHONE_PATTERN.test(value), formMessages.phone),
  ),
);
