import * as v from 'valibot';
import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '../constants';
import { messages } from '../messages';

/** 6 to 20 characters of digits, spaces, parentheses, plus and minus (spec §5). */
export const PHONE_PATTERN = new RegExp(`^[0-9 ()+-]{${PHONE_MIN_LENGTH},${PHONE_MAX_LENGTH}}$`);

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** Required phone; `requiredMessage` lets the profile step use its own wording. */
export function createPhoneSchema(requiredMessage: string = messages.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.regex(PHONE_PATTERN, messages.phone),
  );
}

export const phoneSchema = createPhoneSchema();

/** Missing, null or empty passes; anything else must be a valid phone. */
export const optionalPhoneSchema = v.nullish(
  v.pipe(
    v.string(messages.phone),
    v.trim(),
    v.check((value) => value === '' || PHONE_PATTERN.test(value), messages.phone),
  ),
);
