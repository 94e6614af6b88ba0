import * as v from 'valibot';
import { TEXT_MAX_LENGTH } from '../constants';
import { maxLengthMessage, messages } from '../messages';

/** Trimmed, non-empty, at most `max` characters (spec §5 "Other text"). */
export function requiredText(max: number = TEXT_MAX_LENGTH, requiredMessage: string = messages.required) {
  return v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(max, maxLengthMessage(max)),
  );
}

/** May be missing, null or empty; when given, trimmed and at most `max` characters. */
export function optionalText(max: number = TEXT_MAX_LENGTH) {
  return v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(max, maxLengthMessage(max))));
}

export const textSchema = requiredText();

/** True for null, undefined and strings that are only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}
