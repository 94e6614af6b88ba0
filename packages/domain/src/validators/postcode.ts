import * as v from 'valibot';
import { POSTCODE_EDIT_MAX_LENGTH } from '../constants';
import { messages } from '../messages';

/** The digits of a postcode input ('68 000' -> '68000'). */
export function normalizePostcode(value: string): string {
  return value.replace(/\D/g, '');
}

/** 5 digits once non-digits are removed, and not 00000 (spec §5). */
export function isValidPostcode(value: string): boolean {
  const digits = normalizePostcode(value);
  return digits.length === 5 && digits !== '00000';
}

/**
 * Required postcode. The length cap is the edit forms' 20 characters: the onboarding and
 * wizard inputs stop at 5 on their own, and the 5-digit rule decides in every case.
 */
export function createPostcodeSchema(requiredMessage: string = messages.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(POSTCODE_EDIT_MAX_LENGTH, messages.postcode),
    v.check(isValidPostcode, messages.postcode),
    // Stored as its 5 digits ('68 100' pasted from an address -> '68100').
    v.transform(normalizePostcode),
  );
}

export const postcodeSchema = createPostcodeSchema();
