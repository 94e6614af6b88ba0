import * as v from 'valibot';
import { TEXT_MAX_LENGTH } from '../constants';
import { maxLengthMessage } from '../messages';
import { formMessages } from '../messages/forms';

// Line breaks, tabs and other control characters (C0, DEL, C1, line and paragraph separators).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** True when the text holds a line break or another control character. */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * The check of every single-line text (names, addresses, references): a line break or another
 * control character inside it is refused, never silently joined, so that no text typed in one
 * place becomes a new paragraph of a document the other party reads (issues 19 and 20).
 */
export const oneLineCheck = v.check((value: string) => !hasControlCharacters(value), formMessages.singleLine);

/**
 * Trimmed, non-empty, on one line (no line break or control character inside), at most `max`
 * characters (spec §5 "Other text"). Every text field of the forms is a single line.
 */
export function requiredText(max: number = TEXT_MAX_LENGTH, requiredMessage: string = formMessages.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    oneLineCheck,
    v.maxLength(max, maxLengthMessage(max)),
  );
}

/** May be missing, null or empty; when given, trimmed, on one line and at most `max` characters. */
export function optionalText(max: number = TEXT_MAX_LENGTH) {
  return v.nullish(v.pipe(v.string(), v.trim(), oneLineCheck, v.maxLength(max, maxLengthMessage(max))));
}

export const textSchema = requiredText();

/** True for null, undefined and strings that are only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}
